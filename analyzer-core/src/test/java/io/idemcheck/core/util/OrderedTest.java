package io.idemcheck.core.util;

import io.idemcheck.core.facts.Arg;
import io.idemcheck.core.facts.Body;
import io.idemcheck.core.facts.GuardFact;
import io.idemcheck.core.facts.LocalVar;
import io.idemcheck.core.facts.LoopFact;
import io.idemcheck.core.facts.Range;
import io.idemcheck.core.facts.TypeRef;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Facts keep the order they were built in (issue 16: the same input gives the same output in every run).
 * {@code Set.copyOf} iterated in an order the JDK salts per JVM, so which of two status accessors in one guard was
 * "the first" changed from run to run (IDEM004/IDEM003 came and went on a real project). Each case builds the same
 * elements in one order and in the reverse order: an order-preserving copy iterates as built both times, which no
 * hash-ordered set does for more than a couple of elements, whatever its salt.
 */
class OrderedTest {

    private static final Range R = new Range(1, 1, 1, 2);

    private static List<Integer> ids(int n) {
        return IntStream.range(0, n).boxed().toList();
    }

    private static List<String> names(int n) {
        return IntStream.range(0, n).mapToObj(i -> "name" + i).toList();
    }

    private static <E> List<E> reversed(List<E> in) {
        List<E> out = new ArrayList<>(in);
        Collections.reverse(out);
        return out;
    }

    @Test
    void setsIterateInTheOrderTheyWereBuiltInBothDirections() {
        for (int n = 0; n <= 40; n++) {
            for (List<Integer> order : List.of(ids(n), reversed(ids(n)))) {
                assertThat(List.copyOf(Ordered.set(new LinkedHashSet<>(order)))).as("n=" + n).isEqualTo(order);
            }
            for (List<String> order : List.of(names(n), reversed(names(n)))) {
                assertThat(List.copyOf(Ordered.set(order))).as("n=" + n).isEqualTo(order);
            }
        }
    }

    @Test
    void mapsIterateInTheOrderTheyWereBuiltInBothDirections() {
        for (int n = 0; n <= 40; n++) {
            for (List<String> order : List.of(names(n), reversed(names(n)))) {
                Map<String, Integer> in = new LinkedHashMap<>();
                order.forEach(k -> in.put(k, k.length()));
                Map<String, Integer> copy = Ordered.map(in);
                assertThat(List.copyOf(copy.keySet())).isEqualTo(order);
                assertThat(copy).isEqualTo(in);
            }
        }
    }

    @Test
    void aGuardWithTwoStatusAccessorsListsTheirCallsInSourceOrder() {
        // if (order.getDeliverStatus() == X && order.getOrderStatus() == Y): calls 3 and 7, and the other way round
        for (List<Integer> calls : List.of(List.of(3, 7), List.of(7, 3), ids(12), reversed(ids(12)))) {
            GuardFact g = new GuardFact(0, "cond", new LinkedHashSet<>(List.of("order", "x")),
                    new LinkedHashSet<>(calls), false, R);
            assertThat(List.copyOf(g.callIds())).isEqualTo(calls);
            assertThat(List.copyOf(g.names())).containsExactly("order", "x");
        }
    }

    @Test
    void argumentsLoopsAndLocalsKeepTheirOrder() {
        List<String> ns = reversed(names(15));
        Arg a = new Arg("f(...)", new LinkedHashSet<>(ns), new LinkedHashSet<>(reversed(ids(15))), null);
        assertThat(List.copyOf(a.names())).isEqualTo(ns);
        assertThat(List.copyOf(a.callIds())).isEqualTo(reversed(ids(15)));
        LoopFact l = new LoopFact(0, "foreach", List.of("t"), "tasks", new LinkedHashSet<>(ns), R);
        assertThat(List.copyOf(l.names())).isEqualTo(ns);
        LocalVar lv = new LocalVar("v", TypeRef.UNKNOWN, new LinkedHashSet<>(ns),
                new LinkedHashSet<>(reversed(ids(15))), "init", false);
        assertThat(List.copyOf(lv.sources())).isEqualTo(ns);
        assertThat(List.copyOf(lv.initCallIds())).isEqualTo(reversed(ids(15)));
        Map<String, LocalVar> locals = new LinkedHashMap<>();
        for (String n : ns) {
            locals.put(n, new LocalVar(n, TypeRef.UNKNOWN, Set.of(), Set.of(), null, false));
        }
        Body b = new Body(List.of(), List.of(), List.of(), List.of(), locals, List.of(), List.of());
        assertThat(List.copyOf(b.locals().keySet())).isEqualTo(ns);
    }

    @Test
    void behavesAsTheJdkImmutableCollectionsOtherwise() {
        Set<String> s = Ordered.set(List.of("b", "a", "b", "c"));
        assertThat(s).hasSize(3).containsExactly("b", "a", "c");
        assertThat(s).isEqualTo(Set.of("a", "b", "c"));
        assertThat(s.hashCode()).isEqualTo(Set.of("a", "b", "c").hashCode());
        assertThat(Ordered.set(names(20)).contains("name19")).isTrue();
        assertThat(Ordered.set(names(20)).contains("name20")).isFalse();
        assertThat(Ordered.set(s)).isSameAs(s);
        assertThatThrownBy(() -> s.add("d")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> s.iterator().remove()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> s.contains(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> Ordered.set(java.util.Arrays.asList("a", null))).isInstanceOf(NullPointerException.class);
        Map<String, String> m = Ordered.map(Map.of("k", "v"));
        assertThatThrownBy(() -> m.put("x", "y")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> m.get(null)).isInstanceOf(NullPointerException.class);
        Map<String, String> withNull = new LinkedHashMap<>();
        withNull.put("k", null);
        assertThatThrownBy(() -> Ordered.map(withNull)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void serialisationKeepsTheOrder() throws Exception {
        List<String> order = reversed(names(12));
        Map<String, Integer> in = new LinkedHashMap<>();
        order.forEach(k -> in.put(k, 1));
        Object[] back = (Object[]) roundTrip(new Object[]{Ordered.set(order), Ordered.map(in), Ordered.set(List.of())});
        assertThat(List.copyOf((Set<?>) back[0])).isEqualTo(order);
        assertThat(List.copyOf(((Map<?, ?>) back[1]).keySet())).isEqualTo(order);
        assertThat((Set<?>) back[2]).isEmpty();
    }

    private static Object roundTrip(Object o) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return in.readObject();
        }
    }
}
