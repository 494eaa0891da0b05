package io.idemcheck.core.facts;

import io.idemcheck.core.util.Ordered;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
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

    /** Call ids below this have their one-element sets shared ({@link #ids}). */
    static final int SHARED_IDS = 256;

    /** The one-element id sets, by id: made once, immutable, so shared by every thread without a lock. */
    private static final List<Set<Integer>> ONE_ID = oneIdSets();

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

    private static List<Set<Integer>> oneIdSets() {
        List<Set<Integer>> out = new ArrayList<>(SHARED_IDS);
        for (int id = 0; id < SHARED_IDS; id++) {
            out.add(Ordered.set(List.of(id)));
        }
        return List.copyOf(out);
    }

    /**
     * {@link Ordered#set} of {@code ids}. A one-element set of a small id (below {@value #SHARED_IDS}: an argument
     * that holds one call, a local initialised by one) is one instance for the whole JVM: facts hold hundreds of
     * thousands of them, and the collector pays per object it copies.
     *
     * @throws NullPointerException when {@code ids} holds a null
     */
    public static Set<Integer> ids(Collection<Integer> ids) {
        if (ids.size() == 1) {
            Integer id = ids.iterator().next();
            if (id != null && id >= 0 && id < SHARED_IDS) {
                return ONE_ID.get(id);
            }
        }
        return Ordered.set(ids);
    }

    /**
     * An unmodifiable map of {@code entries} that iterates in their order ({@link Ordered#map}); one entry is held in
     * one object ({@link Map#of(Object, Object)}, as null-hostile and unmodifiable) instead of five.
     *
     * @throws NullPointerException when {@code entries} holds a null key or value
     */
    public static <K, V> Map<K, V> map(Map<? extends K, ? extends V> entries) {
        if (entries.size() == 1) {
            Map.Entry<? extends K, ? extends V> e = entries.entrySet().iterator().next();
            return Map.of(e.getKey(), e.getValue());
        }
        return Ordered.map(entries);
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
