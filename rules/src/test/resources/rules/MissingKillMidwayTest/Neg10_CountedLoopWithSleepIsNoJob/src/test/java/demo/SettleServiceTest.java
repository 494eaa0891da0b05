package demo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SettleServiceTest {
    @Test
    void settles() {
        new SettleService().settle(new Task());
        assertThat(1).isEqualTo(1);
    }
}
