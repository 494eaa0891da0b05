package demo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class OrderStreamsTest {
    OrderStreams consumers = new OrderStreams();

    @Test
    void builds() {
        assertThat(consumers.audit()).isNotNull();
    }
}
