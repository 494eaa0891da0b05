// Spring Kafka's error handler with FixedBackOff.UNLIMITED_ATTEMPTS: a poison record blocks its partition forever.
package com.example.e006.pos06;

import org.springframework.context.annotation.Bean;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.util.backoff.FixedBackOff;

public class KafkaErrorConfig {
    @Bean
    public DefaultErrorHandler errorHandler() {
        return new DefaultErrorHandler(new FixedBackOff(2000L, FixedBackOff.UNLIMITED_ATTEMPTS)); // expect: IDEM006
    }
}
