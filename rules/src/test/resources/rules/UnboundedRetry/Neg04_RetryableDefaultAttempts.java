// @Retryable without maxAttempts uses Spring Retry's default of 3 attempts; maxAttempts = 5 is bounded too.
package com.example.e006.neg04;

import org.springframework.retry.annotation.Retryable;

public class Sync {
    @Retryable
    public void sync(long id) {
        throw new IllegalStateException("x" + id);
    }

    @Retryable(maxAttempts = 5)
    public void syncMore(long id) {
        throw new IllegalStateException("y" + id);
    }
}
