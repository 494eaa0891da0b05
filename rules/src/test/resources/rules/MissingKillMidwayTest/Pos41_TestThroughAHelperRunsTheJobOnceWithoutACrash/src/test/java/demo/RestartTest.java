package demo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RestartTest {
    @Test
    void charges() {
        new JobFixture().runOnce();
        assertThat(Ledger.charges()).isEqualTo(1);
    }
}
