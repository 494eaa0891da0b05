// A Kafka listener charges for each order event; the container redelivers the record when the listener throws, so the charge repeats.
package com.example.e010.pos05;

import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

@Component
public class OrderEventsListener {
    private final PaymentClient paymentClient;
    private final Ledger ledger;

    public OrderEventsListener(PaymentClient paymentClient, Ledger ledger) {
        this.paymentClient = paymentClient;
        this.ledger = ledger;
    }

    @KafkaListener(topics = "orders")
    public void onOrder(OrderEvent event) {
        paymentClient.charge(event.customerId(), event.amount()); // expect: IDEM010 "redelivers"
        ledger.book(event.orderId());
    }
}

interface PaymentClient {
    void charge(long customerId, long amount);
}

interface Ledger {
    void book(long orderId);
}

record OrderEvent(long orderId, long customerId, long amount) {
}
