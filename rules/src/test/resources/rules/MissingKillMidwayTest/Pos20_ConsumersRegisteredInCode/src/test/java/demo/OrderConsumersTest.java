package demo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class OrderConsumersTest {
    OrderConsumers consumers = new OrderConsumers();

    @Test
    void builds() {
        assertThat(consumers.payouts()).isNotNull();
    }
}
