// Resilience4j RetryConfig with maxAttempts(Integer.MAX_VALUE).
package com.example.e006.pos07;

import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import java.time.Duration;

public class Retries {
    public Retry forever() {
        RetryConfig config = RetryConfig.custom()
                .maxAttempts(Integer.MAX_VALUE) // expect: IDEM006
                .waitDuration(Duration.ofSeconds(1))
                .build();
        return Retry.of("partner", config);
    }
}
