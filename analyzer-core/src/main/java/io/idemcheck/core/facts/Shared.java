package io.idemcheck.core.facts;

import io.idemcheck.core.util.Ordered;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * One copy of each short string the facts hold over and over (identifiers, type names, short expression texts such
 * as {@code task.getId()}): a project of 1.5 M lines holds about three million such strings in its facts, most of
 * them repeats, and they were half of the scan's live memory. The facts' constructors pass their strings through
 * here, so that facts read back from the analysis cache are shared the same way. Strings longer than
 * {@value #MAX_SHARED} characters are kept as they are (they rarely repeat). Uses the JVM's string table
 * ({@link String#intern()}): thread-safe, and entries no fact refers to any more are collected.
 */
public final class Shared {

    /** Longer strings are not shared. */
    public static final int MAX_SHARED = 64;

    private Shared() {
    }

    /** The shared copy of {@code s} (equal to it), or {@code s} itself when null or long. */
    public static String of(String s) {
        return s == null || s.length() > MAX_SHARED ? s : s.intern();
    }

    /** {@link Ordered#set} of the shared copies of {@code names}. */
    public static Set<String> set(Collection<String> names) {
        if (names.isEmpty()) {
            return Ordered.set(names);
        }
        List<String> out = new ArrayList<>(names.size());
        for (String n : names) {
            out.add(of(n));
        }
        return Ordered.set(out);
    }

    /** An unmodifiable list of the shared copies of {@code names}. */
    public static List<String> list(List<String> names) {
        if (names.isEmpty()) {
            return List.of();
        }
        List<String> out = new ArrayList<>(names.size());
        for (String n : names) {
            out.add(of(n));
        }
        return List.copyOf(out);
    }
}
