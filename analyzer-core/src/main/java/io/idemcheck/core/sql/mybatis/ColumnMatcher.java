package io.idemcheck.core.sql.mybatis;

import io.idemcheck.core.catalog.NamePattern;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Tells whether SQL text mentions a status-like, version, owner or lease column. The text is split into identifiers
 * (letters, digits, '_' and '$'), so a table alias ({@code t.status}), backticks or double quotes do not matter and
 * matching is at word boundaries; each identifier is lower-cased and matched against the {@link NamePattern}s.
 * Single-quoted string literals are skipped ({@code 'DONE'} is a value, not a column). Placeholders must already be
 * replaced by '?'.
 */
final class ColumnMatcher {

    private final List<NamePattern> patterns = new ArrayList<>();

    ColumnMatcher(List<String> statusColumns, List<String> fencingColumns) {
        for (String p : statusColumns) {
            patterns.add(new NamePattern(p.toLowerCase(Locale.ROOT)));
        }
        for (String p : fencingColumns) {
            patterns.add(new NamePattern(p.toLowerCase(Locale.ROOT)));
        }
    }

    boolean mentionsColumn(CharSequence sql) {
        int n = sql.length();
        int i = 0;
        while (i < n) {
            char c = sql.charAt(i);
            if (c == '\'') {
                i++;
                while (i < n) {
                    if (sql.charAt(i) == '\'') {
                        if (i + 1 < n && sql.charAt(i + 1) == '\'') {
                            i += 2;
                            continue;
                        }
                        break;
                    }
                    i++;
                }
                i++;
            } else if (isIdent(c)) {
                int st = i;
                while (i < n && isIdent(sql.charAt(i))) {
                    i++;
                }
                String word = sql.subSequence(st, i).toString().toLowerCase(Locale.ROOT);
                for (NamePattern p : patterns) {
                    if (p.matches(word)) {
                        return true;
                    }
                }
            } else {
                i++;
            }
        }
        return false;
    }

    private static boolean isIdent(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }
}
