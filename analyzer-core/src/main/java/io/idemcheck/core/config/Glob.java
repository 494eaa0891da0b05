package io.idemcheck.core.config;

import java.util.regex.Pattern;

/**
 * A path glob as in {@code .gitignore}-like tools: {@code *} matches within one path segment, {@code **} across
 * segments ({@code **}{@code /} also matches no folder at all), {@code ?} one character. Paths are '/' separated
 * and relative.
 *
 * @param glob the glob as written
 */
public record Glob(String glob, Pattern regex) {

    public static Glob of(String glob) {
        StringBuilder sb = new StringBuilder();
        String g = glob.startsWith("./") ? glob.substring(2) : glob;
        for (int i = 0; i < g.length(); i++) {
            char c = g.charAt(i);
            if (c == '*') {
                if (i + 1 < g.length() && g.charAt(i + 1) == '*') {
                    if (i + 2 < g.length() && g.charAt(i + 2) == '/') {
                        sb.append("(?:.*/)?");
                        i += 2;
                    } else {
                        sb.append(".*");
                        i++;
                    }
                } else {
                    sb.append("[^/]*");
                }
            } else if (c == '?') {
                sb.append("[^/]");
            } else {
                sb.append(Pattern.quote(String.valueOf(c)));
            }
        }
        // a folder glob ("legacy/") matches everything below it
        if (g.endsWith("/")) {
            sb.append(".*");
        }
        return new Glob(glob, Pattern.compile(sb.toString()));
    }

    public boolean matches(String relPath) {
        return regex.matcher(relPath).matches();
    }

    @Override
    public String toString() {
        return glob;
    }
}
