package io.idemcheck.core.util;

import java.io.Serializable;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;

/**
 * Unmodifiable copies that iterate in the order of their source, for the sets and maps that facts, call facts and
 * configuration hold. {@code Set.copyOf}, {@code Set.of}, {@code Map.copyOf} and {@code Map.of} iterate in an order
 * that the JDK salts afresh in every JVM, so anything that picks "the first" element of one, or builds output from
 * it, changes from one run to the next (issue 16: output must be deterministic). These copies keep the behaviour of
 * the JDK's immutable collections otherwise: nulls are rejected (as elements, keys and values, and as arguments of
 * {@code contains}, {@code containsKey} and {@code get}), duplicates collapse to their first occurrence, and every
 * mutator throws {@link UnsupportedOperationException}. Both are {@link Serializable} (the analysis cache stores
 * facts).
 */
public final class Ordered {

    /** Up to this many elements a set answers {@code contains} by a linear scan, without a hash index. */
    private static final int SCAN = 8;

    private Ordered() {
    }

    /**
     * An unmodifiable set of {@code elements} that iterates in their iteration order (the first of equal elements
     * wins). Returns {@code elements} itself when it already is such a set.
     *
     * @throws NullPointerException when {@code elements} is null or holds null
     */
    @SuppressWarnings("unchecked")
    public static <E> Set<E> set(Collection<? extends E> elements) {
        if (elements instanceof ArraySet<?>) {
            return (Set<E>) elements;
        }
        Object[] distinct = new LinkedHashSet<>(elements).toArray();
        for (Object e : distinct) {
            Objects.requireNonNull(e, "null element");
        }
        return distinct.length == 0 ? (Set<E>) ArraySet.EMPTY : new ArraySet<>(distinct);
    }

    /**
     * An unmodifiable map with the entries of {@code entries}, iterating in their iteration order.
     *
     * @throws NullPointerException when {@code entries} is null or holds a null key or value
     */
    public static <K, V> Map<K, V> map(Map<? extends K, ? extends V> entries) {
        if (entries.isEmpty()) {
            return Map.of();
        }
        LinkedHashMap<K, V> copy = new LinkedHashMap<>(Math.max(4, entries.size() * 4 / 3 + 1));
        for (Map.Entry<? extends K, ? extends V> e : entries.entrySet()) {
            copy.put(Objects.requireNonNull(e.getKey(), "null key"), Objects.requireNonNull(e.getValue(), "null value"));
        }
        return new NullHostileMap<>(copy);
    }

    /** An array in iteration order; a hash index beside it once it is larger than {@link #SCAN}. */
    private static final class ArraySet<E> extends AbstractSet<E> implements Serializable {
        private static final long serialVersionUID = 1L;
        static final ArraySet<Object> EMPTY = new ArraySet<>(new Object[0]);

        private final Object[] elements;
        private final HashSet<Object> index;

        ArraySet(Object[] elements) {
            this.elements = elements;
            this.index = elements.length > SCAN ? new HashSet<>(Arrays.asList(elements)) : null;
        }

        @Override
        public int size() {
            return elements.length;
        }

        @Override
        public boolean contains(Object o) {
            Objects.requireNonNull(o);
            if (index != null) {
                return index.contains(o);
            }
            for (Object e : elements) {
                if (e.equals(o)) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public Iterator<E> iterator() {
            return new Iterator<>() {
                private int next;

                @Override
                public boolean hasNext() {
                    return next < elements.length;
                }

                @Override
                @SuppressWarnings("unchecked")
                public E next() {
                    if (next >= elements.length) {
                        throw new NoSuchElementException();
                    }
                    return (E) elements[next++];
                }
            };
        }

        @Override
        public Object[] toArray() {
            return elements.clone();
        }

        @Override
        public boolean add(E e) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean remove(Object o) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean addAll(Collection<? extends E> c) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean removeAll(Collection<?> c) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean retainAll(Collection<?> c) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void clear() {
            throw new UnsupportedOperationException();
        }

        private Object readResolve() {
            return elements.length == 0 ? EMPTY : this;
        }
    }

    /** An unmodifiable view of a private {@link LinkedHashMap} that, as {@code Map.copyOf}, rejects null lookups. */
    private static final class NullHostileMap<K, V> extends java.util.AbstractMap<K, V> implements Serializable {
        private static final long serialVersionUID = 1L;

        private final Map<K, V> entries;

        NullHostileMap(LinkedHashMap<K, V> entries) {
            this.entries = Collections.unmodifiableMap(entries);
        }

        @Override
        public V get(Object key) {
            return entries.get(Objects.requireNonNull(key));
        }

        @Override
        public boolean containsKey(Object key) {
            return entries.containsKey(Objects.requireNonNull(key));
        }

        @Override
        public boolean containsValue(Object value) {
            return entries.containsValue(Objects.requireNonNull(value));
        }

        @Override
        public int size() {
            return entries.size();
        }

        @Override
        public Set<Entry<K, V>> entrySet() {
            return entries.entrySet();
        }

        @Override
        public Set<K> keySet() {
            return entries.keySet();
        }

        @Override
        public Collection<V> values() {
            return entries.values();
        }
    }
}
