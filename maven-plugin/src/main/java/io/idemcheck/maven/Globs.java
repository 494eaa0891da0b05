package io.idemcheck.maven;

import io.idemcheck.core.config.Glob;

import java.util.ArrayList;
import java.util.List;

/**
 * Ant-style path globs as Maven users write them in {@code includes}/{@code excludes}: {@code **} spans folders
 * ({@code **}{@code /} also matches no folder at all), {@code *} and {@code ?} stay within one path segment, and a
 * pattern ending in {@code /} means everything below that folder. Paths are '/' separated. The matching is
 * {@link Glob}'s, the one of {@code idemcheck.yml}'s {@code include}/{@code exclude}; a pom may also write
 * {@code \} for '/' and any number of leading {@code ./}.
 */
final class Globs {

    private final List<Glob> globs;

    private Globs(List<Glob> globs) {
        this.globs = globs;
    }

    /** Globs from the given patterns; each entry may itself hold several patterns separated by commas. */
    static Globs of(List<String> specs) {
        List<Glob> out = new ArrayList<>();
        for (String p : split(specs)) {
            String g = p.replace('\\', '/');
            while (g.startsWith("./")) {
                g = g.substring(2);
            }
            out.add(Glob.of(g));
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
        return globs.isEmpty();
    }

    /** True when one of the globs matches one of the candidate paths. */
    boolean matchesAny(String... paths) {
        for (Glob g : globs) {
            for (String path : paths) {
                if (path != null && g.matches(path)) {
                    return true;
                }
            }
        }
        return false;
    }
}
