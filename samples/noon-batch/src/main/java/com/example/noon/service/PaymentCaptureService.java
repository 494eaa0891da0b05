package com.example.noon.service;

import com.example.noon.client.PaymentClient;
import com.example.noon.client.PaymentException;
import java.math.BigDecimal;
import org.springframework.retry.annotation.Backoff;
import org.springframework.retry.annotation.Retryable;
import org.springframework.stereotype.Service;

/**
 * Captures the payment for a confirmed order. Spring Retry runs {@link #capture} again when the gateway call
 * fails, including when it times out after the gateway already charged: the charge carries no idempotency key,
 * so the gateway charges the customer a second time.
 */
@Service
public class PaymentCaptureService {

    private final PaymentClient paymentClient;

    public PaymentCaptureService(PaymentClient paymentClient) {
        this.paymentClient = paymentClient;
    }

    @Retryable(retryFor = {PaymentException.class, org.springframework.web.client.ResourceAccessException.class},
            maxAttempts = 3, backoff = @Backoff(delay = 2000))
    public String capture(Long userId, BigDecimal amount) {
        return paymentClient.charge(userId, amount);
    }
}
