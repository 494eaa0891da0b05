package io.idemcheck.core.sql.mybatis;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Text operations of MyBatis dynamic SQL on position-mapped text ({@link Buf}): include-property substitution
 * ({@code ${name}}), placeholder replacement ({@code #{..}} and {@code ${..}} become '?'), and the prefix/suffix
 * overrides of {@code <trim>}, {@code <where>} and {@code <set>} as MyBatis's TrimSqlNode normalises them. Static,
 * stateless.
 */
final class TrimText {

    private TrimText() {
    }

    static int removeLength(String override) {
        String t = override.strip();
        return t.isEmpty() ? override.length() : t.length();
    }

    static String normalizeForOverride(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            sb.append(Character.isWhitespace(c) ? ' ' : c);
        }
        return sb.toString().toUpperCase(Locale.ENGLISH);
    }

    static List<String> overrides(String attr) {
        if (attr == null || attr.isEmpty()) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (String s : attr.split("\\|")) {
            out.add(normalizeForOverride(s));
        }
        return out;
    }

    /** Replaces {@code ${name}} by the value of include property {@code name}; other text is kept. */
    static Buf substitute(Buf in, Map<String, Buf> props) {
        if (props.isEmpty() || in.toString().indexOf("${") < 0) {
            return in;
        }
        String s = in.toString();
        Buf out = new Buf();
        int i = 0;
        while (i < s.length()) {
            if (s.startsWith("${", i)) {
                int close = s.indexOf('}', i + 2);
                if (close > 0) {
                    Buf value = props.get(s.substring(i + 2, close).strip());
                    if (value != null) {
                        out.append(value);
                        i = close + 1;
                        continue;
                    }
                }
            }
            out.append(s.charAt(i), in.src(i));
            i++;
        }
        return out;
    }

    /** Replaces each {@code #{...}} and {@code ${...}} by '?', mapped to the '#' or '$'. */
    static Buf placeholders(Buf in) {
        String s = in.toString();
        if (s.indexOf("#{") < 0 && s.indexOf("${") < 0) {
            return in;
        }
        Buf out = new Buf();
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if ((c == '#' || c == '$') && i + 1 < s.length() && s.charAt(i + 1) == '{') {
                int close = s.indexOf('}', i + 2);
                if (close > 0) {
                    out.append('?', in.src(i));
                    i = close + 1;
                    continue;
                }
            }
            out.append(c, in.src(i));
            i++;
        }
        return out;
    }
}
