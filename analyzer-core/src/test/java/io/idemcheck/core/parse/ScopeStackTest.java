package io.idemcheck.core.parse;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The scopes around a call, outermost first, as one list shared until the stack changes. */
class ScopeStackTest {

    @Test
    void outermostFirstIsOneUnmodifiableListUntilThePushOrPopAfterIt() {
        ScopeStack<Integer> s = new ScopeStack<>();
        assertThat(s.outermostFirst()).isEmpty();
        assertThat(s.isEmpty()).isTrue();
        s.push(1);
        s.push(2);
        List<Integer> two = s.outermostFirst();
        assertThat(two).containsExactly(1, 2);
        assertThat(s.outermostFirst()).isSameAs(two);
        assertThat(s.peek()).isEqualTo(2);
        assertThat(s.size()).isEqualTo(2);
        assertThatThrownBy(() -> two.add(3)).isInstanceOf(UnsupportedOperationException.class);
        s.push(3);
        assertThat(s.outermostFirst()).containsExactly(1, 2, 3);
        assertThat(two).containsExactly(1, 2);
        assertThat(s.pop()).isEqualTo(3);
        assertThat(s.outermostFirst()).isNotSameAs(two).isEqualTo(two);
    }
}
