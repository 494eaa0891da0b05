package demo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PollersTest {
    @Test
    void nothing() {
        assertThat(1).isEqualTo(1);
    }
}
