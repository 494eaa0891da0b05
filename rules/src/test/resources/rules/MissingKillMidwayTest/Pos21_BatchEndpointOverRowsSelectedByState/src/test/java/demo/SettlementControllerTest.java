package demo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SettlementControllerTest {
    SettlementController controller = new SettlementController();

    @Test
    void runs() {
        assertThat(controller.run()).isZero();
    }
}
