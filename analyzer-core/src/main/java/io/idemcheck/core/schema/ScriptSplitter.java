package io.idemcheck.core.schema;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a SQL script into statements: semicolons inside quotes ('..', "..", `..`), comments (--, #, /* *&#47;) and
 * PostgreSQL dollar-quoted bodies do not end a statement; a MySQL {@code DELIMITER xx} line switches the delimiter.
 * Comments are blanked out of the statements (newlines kept, so lines still count).
 */
final class ScriptSplitter {

    /** A statement's text (comments blanked) and the 1-based line it starts on. */
    record Piece(String text, int line) {
    }

    private ScriptSplitter() {
    }

    static List<Piece> split(String script) {
        List<Piece> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        String delimiter = ";";
        int line = 1;
        int startLine = -1;
        int n = script.length();
        int i = 0;
        while (i < n) {
            char c = script.charAt(i);
            // DELIMITER at the start of a line (MySQL client command)
            if ((i == 0 || script.charAt(i - 1) == '\n') && script.regionMatches(true, i, "DELIMITER ", 0, 10)
                    && cur.toString().isBlank()) {
                int eol = script.indexOf('\n', i);
                if (eol < 0) {
                    eol = n;
                }
                String d = script.substring(i + 10, eol).trim();
                if (!d.isEmpty()) {
                    delimiter = d;
                }
                cur.setLength(0);
                i = eol;
                continue;
            }
            if (c == '\n') {
                line++;
                cur.append(c);
                i++;
                continue;
            }
            if (c == '-' && i + 1 < n && script.charAt(i + 1) == '-' || c == '#' && delimiter.equals(";")
                    && (i + 1 >= n || script.charAt(i + 1) != '{')) {
                while (i < n && script.charAt(i) != '\n') {
                    cur.append(' ');
                    i++;
                }
                continue;
            }
            if (c == '/' && i + 1 < n && script.charAt(i + 1) == '*') {
                int end = script.indexOf("*/", i + 2);
                end = end < 0 ? n : end + 2;
                for (int k = i; k < end; k++) {
                    char x = script.charAt(k);
                    if (x == '\n') {
                        line++;
                    }
                    cur.append(x == '\n' ? '\n' : ' ');
                }
                i = end;
                continue;
            }
            if (startLine < 0 && !Character.isWhitespace(c)) {
                startLine = line;
            }
            if (c == '\'' || c == '"' || c == '`') {
                int k = i + 1;
                while (k < n) {
                    char x = script.charAt(k);
                    if (x == '\\' && c == '\'' && k + 1 < n) {
                        k += 2;
                        continue;
                    }
                    if (x == c) {
                        if (k + 1 < n && script.charAt(k + 1) == c) {
                            k += 2;
                            continue;
                        }
                        break;
                    }
                    k++;
                }
                int end = Math.min(n, k + 1);
                String s = script.substring(i, end);
                line += (int) s.chars().filter(ch -> ch == '\n').count();
                cur.append(s);
                i = end;
                continue;
            }
            if (c == '$') {
                int k = i + 1;
                while (k < n && (Character.isLetterOrDigit(script.charAt(k)) || script.charAt(k) == '_')) {
                    k++;
                }
                if (k < n && script.charAt(k) == '$' && (i == 0 || !Character.isLetterOrDigit(script.charAt(i - 1)))) {
                    String tag = script.substring(i, k + 1);
                    int end = script.indexOf(tag, k + 1);
                    end = end < 0 ? n : end + tag.length();
                    String s = script.substring(i, end);
                    line += (int) s.chars().filter(ch -> ch == '\n').count();
                    cur.append(s);
                    i = end;
                    continue;
                }
            }
            if (script.startsWith(delimiter, i)) {
                flush(out, cur, startLine);
                startLine = -1;
                i += delimiter.length();
                continue;
            }
            cur.append(c);
            i++;
        }
        flush(out, cur, startLine);
        return out;
    }

    private static void flush(List<Piece> out, StringBuilder cur, int startLine) {
        String s = cur.toString().strip();
        if (!s.isEmpty()) {
            out.add(new Piece(s, startLine < 0 ? 1 : startLine));
        }
        cur.setLength(0);
    }
}
