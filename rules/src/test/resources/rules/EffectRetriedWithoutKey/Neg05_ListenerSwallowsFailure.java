// The listener catches every failure and records it: the exception never reaches the container, so nothing is redelivered.
package com.example.e010.neg05;

import org.springframework.kafka.annotation.KafkaListener;

public class RefundListener {
    private final RefundClient client;
    private final FailureLog failures;

    public RefundListener(RefundClient client, FailureLog failures) {
        this.client = client;
        this.failures = failures;
    }

    @KafkaListener(topics = "refunds")
    public void onRefund(RefundEvent e) {
        try {
            client.refund(e.orderId(), e.amount());
        } catch (Exception ex) {
            failures.record(e.orderId(), ex.getMessage());
        }
    }
}

interface RefundClient {
    void refund(long orderId, long amount);
}

interface FailureLog {
    void record(long orderId, String error);
}

record RefundEvent(long orderId, long amount) {
}
