// The listener forwards the event with the order id as the Kafka record key; consumers dedupe on the record key.
package com.example.e010.neg08;

import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.core.KafkaTemplate;

public class Forwarder {
    private final KafkaTemplate<String, String> kafkaTemplate;

    public Forwarder(KafkaTemplate<String, String> kafkaTemplate) {
        this.kafkaTemplate = kafkaTemplate;
    }

    @KafkaListener(topics = "orders")
    public void onOrder(OrderEvent event) {
        kafkaTemplate.send("billing", String.valueOf(event.orderId()), event.payload());
    }
}

record OrderEvent(long orderId, String payload) {
}
