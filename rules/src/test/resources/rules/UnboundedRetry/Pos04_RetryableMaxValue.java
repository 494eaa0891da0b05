// Spring Retry with maxAttempts = Integer.MAX_VALUE has no ceiling.
package com.example.e006.pos04;

import org.springframework.retry.annotation.Backoff;
import org.springframework.retry.annotation.Retryable;

public class InventorySync {
    @Retryable(maxAttempts = Integer.MAX_VALUE, backoff = @Backoff(delay = 1000)) // expect: IDEM006 "maxAttempts = Integer.MAX_VALUE"
    public void sync(long sku) {
        throw new IllegalStateException("downstream rejects sku " + sku);
    }
}
