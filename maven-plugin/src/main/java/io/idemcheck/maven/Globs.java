package io.idemcheck.maven;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Ant-style path globs as Maven users write them in {@code includes}/{@code excludes}: {@code **} spans folders
 * ({@code **}{@code /} also matches no folder at all), {@code *} and {@code ?} stay within one path segment, and a
 * pattern ending in {@code /} means everything below that folder. Paths are '/' separated.
 */
final class Globs {

    private final List<Pattern> patterns;

    private Globs(List<Pattern> patterns) {
        this.patterns = patterns;
    }

    /** Globs from the given patterns; each entry may itself hold several patterns separated by commas. */
    static Globs of(List<String> specs) {
        List<Pattern> out = new ArrayList<>();
        for (String p : split(specs)) {
            out.add(Pattern.compile(toRegex(p)));
        }
        return new Globs(out);
    }

    /** Entries split at commas, trimmed, blanks dropped. */
    static List<String> split(List<String> specs) {
        List<String> out = new ArrayList<>();
        if (specs != null) {
            for (String s : specs) {
                if (s == null) {
                    continue;
                }
                for (String part : s.split(",")) {
                    String t = part.trim();
                    if (!t.isEmpty()) {
                        out.add(t);
                    }
                }
            }
        }
        return out;
    }

    boolean isEmpty() {
        return patterns.isEmpty();
    }

    /** True when one of the globs matches one of the candidate paths. */
    boolean matchesAny(String... paths) {
        for (Pattern p : patterns) {
            for (String path : paths) {
                if (path != null && p.matcher(path).matches()) {
                    return true;
                }
            }
        }
        return false;
    }

    static String toRegex(String glob) {
        String g = glob.replace('\\', '/');
        while (g.startsWith("./")) {
            g = g.substring(2);
        }
        if (g.endsWith("/")) {
            g = g + "**";
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < g.length(); i++) {
            char c = g.charAt(i);
            if (c == '*') {
                boolean dbl = i + 1 < g.length() && g.charAt(i + 1) == '*';
                if (dbl) {
                    boolean slash = i + 2 < g.length() && g.charAt(i + 2) == '/';
                    if (slash) {
                        sb.append("(?:.*/)?");
                        i += 2;
                    } else {
                        sb.append(".*");
                        i += 1;
                    }
                } else {
                    sb.append("[^/]*");
                }
            } else if (c == '?') {
                sb.append("[^/]");
            } else if ("\\.[]{}()+-^$|".indexOf(c) >= 0) {
                sb.append('\\').append(c);
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }
}
