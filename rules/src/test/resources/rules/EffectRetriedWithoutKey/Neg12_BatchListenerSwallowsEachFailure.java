// The same batch listener catches each send's failure and parks the record: nothing makes the container redeliver the batch, so no retry repeats the send.
package com.example.e010.neg12;

import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.listener.BatchAcknowledgingMessageListener;
import org.springframework.kafka.support.Acknowledgment;

public class ParkingForwarder implements BatchAcknowledgingMessageListener<String, String> {

    private final KafkaTemplate<String, String> kafka;
    private final ParkingLot parking;

    public ParkingForwarder(KafkaTemplate<String, String> kafka, ParkingLot parking) {
        this.kafka = kafka;
        this.parking = parking;
    }

    @Override
    public void onMessage(List<ConsumerRecord<String, String>> batch, Acknowledgment ack) {
        for (ConsumerRecord<String, String> r : batch) {
            try {
                kafka.send("prices-out", r.value());
            } catch (RuntimeException e) {
                parking.park(r.value(), e.getMessage());
            }
        }
        ack.acknowledge();
    }
}

interface ParkingLot {
    void park(String value, String reason);
}
