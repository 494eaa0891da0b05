// Spring's ExponentialBackOff never given setMaxElapsedTime or setMaxAttempts retries without limit.
package com.example.e006.pos08;

import org.springframework.context.annotation.Bean;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.util.backoff.ExponentialBackOff;

public class BackOffConfig {
    @Bean
    public DefaultErrorHandler errorHandler() {
        ExponentialBackOff backOff = new ExponentialBackOff(1000L, 2.0); // expect: IDEM006 "setMaxElapsedTime"
        backOff.setMaxInterval(60_000L);
        return new DefaultErrorHandler(backOff);
    }
}
