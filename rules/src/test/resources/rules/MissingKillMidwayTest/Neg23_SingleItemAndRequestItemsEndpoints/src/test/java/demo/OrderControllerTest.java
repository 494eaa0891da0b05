package demo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class OrderControllerTest {
    OrderController controller = new OrderController();

    @Test
    void pays() {
        controller.pay(1L);
        assertThat(controller).isNotNull();
    }
}
