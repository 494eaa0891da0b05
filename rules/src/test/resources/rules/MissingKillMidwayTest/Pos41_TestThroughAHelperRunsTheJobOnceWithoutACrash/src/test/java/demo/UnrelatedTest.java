package demo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

// Names nothing the job's test evidence asks about: held back and never parsed.
class UnrelatedTest {
    @Test
    void adds() {
        assertThat(1 + 1).isEqualTo(2);
    }
}
