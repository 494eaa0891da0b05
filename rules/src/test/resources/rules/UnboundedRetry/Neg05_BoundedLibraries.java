// Finite limits everywhere: FixedBackOff with 3 attempts, ExponentialBackOff with a max elapsed time, maxAttempts(5).
package com.example.e006.neg05;

import io.github.resilience4j.retry.RetryConfig;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.retry.support.RetryTemplate;
import org.springframework.util.backoff.ExponentialBackOff;
import org.springframework.util.backoff.FixedBackOff;

public class BoundedConfig {
    public DefaultErrorHandler fixed() {
        return new DefaultErrorHandler(new FixedBackOff(1000L, 3L));
    }

    public DefaultErrorHandler exponential() {
        ExponentialBackOff backOff = new ExponentialBackOff(500L, 2.0);
        backOff.setMaxElapsedTime(60_000L);
        return new DefaultErrorHandler(backOff);
    }

    public RetryConfig r4j() {
        return RetryConfig.custom().maxAttempts(5).build();
    }

    public RetryTemplate template() {
        return RetryTemplate.builder().maxAttempts(4).fixedBackoff(1000L).build();
    }
}
