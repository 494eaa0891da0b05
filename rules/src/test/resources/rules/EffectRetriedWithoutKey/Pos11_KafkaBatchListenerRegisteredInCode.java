// A Kafka batch listener registered in code (no annotation) forwards each record and acknowledges the batch at the end; a failure or a rebalance before the ack redelivers the whole batch, so forwarded records are sent again.
package com.example.e010.pos11;

import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.listener.BatchAcknowledgingMessageListener;
import org.springframework.kafka.support.Acknowledgment;

public class PriceUpdateForwarder implements BatchAcknowledgingMessageListener<String, String> {

    private final KafkaTemplate<String, String> kafka;

    public PriceUpdateForwarder(KafkaTemplate<String, String> kafka) {
        this.kafka = kafka;
    }

    @Override
    public void onMessage(List<ConsumerRecord<String, String>> batch, Acknowledgment ack) {
        for (ConsumerRecord<String, String> r : batch) {
            kafka.send("prices-out", r.value()); // expect: IDEM010 "BatchAcknowledgingMessageListener.onMessage"
        }
        ack.acknowledge();
    }
}
