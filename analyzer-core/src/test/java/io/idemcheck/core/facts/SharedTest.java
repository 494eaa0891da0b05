package io.idemcheck.core.facts;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The shared forms of the facts' small collections behave as the ordered copies they stand for. */
class SharedTest {

    @Test
    void aOneElementIdSetIsSharedAndEveryIdSetKeepsItsOrder() {
        Set<Integer> one = Shared.ids(new LinkedHashSet<>(List.of(7)));
        assertThat(one).containsExactly(7);
        assertThat(Shared.ids(List.of(7))).isSameAs(one);
        assertThat(Shared.ids(List.of(Shared.SHARED_IDS + 1))).containsExactly(Shared.SHARED_IDS + 1);
        assertThat(Shared.ids(new LinkedHashSet<>(List.of(5, 2, 9)))).containsExactly(5, 2, 9);
        assertThat(Shared.ids(List.of())).isEmpty();
        assertThatThrownBy(() -> one.add(8)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> one.contains(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> Shared.ids(java.util.Arrays.asList((Integer) null)))
                .isInstanceOf(NullPointerException.class);
    }

    @Test
    void aMapKeepsItsOrderRejectsNullLookupsAndChanges() {
        Map<String, String> in = new LinkedHashMap<>();
        in.put("value", "x");
        Map<String, String> one = Shared.map(in);
        assertThat(one).isEqualTo(in).hasSize(1).containsEntry("value", "x");
        assertThat(one.hashCode()).isEqualTo(in.hashCode());
        assertThatThrownBy(() -> one.get(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> one.containsKey(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> one.put("k", "v")).isInstanceOf(UnsupportedOperationException.class);
        in.put("b", "y");
        in.put("a", "z");
        assertThat(Shared.map(in).keySet()).containsExactly("value", "b", "a");
        assertThat(Shared.map(Map.of())).isEmpty();
        Map<String, String> nullValue = new LinkedHashMap<>();
        nullValue.put("k", null);
        assertThatThrownBy(() -> Shared.map(nullValue)).isInstanceOf(NullPointerException.class);
    }
}
