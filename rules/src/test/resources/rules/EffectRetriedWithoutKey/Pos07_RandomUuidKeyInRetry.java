// A random UUID as the idempotency key changes on every attempt: the retry is a new request for the provider.
package com.example.e010.pos07;

import java.util.UUID;
import org.springframework.retry.annotation.Retryable;

public class RefundService {
    private final RefundApi api;

    public RefundService(RefundApi api) {
        this.api = api;
    }

    @Retryable(maxAttempts = 5)
    public void refund(long orderId, long cents) {
        String idempotencyKey = UUID.randomUUID().toString();
        api.refund(orderId, cents, idempotencyKey); // expect: IDEM010
    }
}

interface RefundApi {
    void refund(long orderId, long cents, String idempotencyKey);
}
