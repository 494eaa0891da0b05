package demo;

import org.springframework.amqp.core.Queue;
import org.springframework.amqp.core.QueueBuilder;
import org.springframework.context.annotation.Bean;

// The broker of a test declares its queue with a dead-letter exchange: production's queue gets none from this, so
// the requeue setting is still reported (and a scan that holds this test file back gives the same answer).
class RabbitTestConfig {
    @Bean
    Queue orders() {
        return QueueBuilder.durable("orders").withArgument("x-dead-letter-exchange", "orders.dlx").build();
    }
}
