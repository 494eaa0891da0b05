// A Kafka consumer marks the shipment DELIVERED through a Spring Data @Modifying JPQL update by id only: a redelivered
// message, or a RETURNED event processed in between, is overwritten. Finding at the @Query annotation.
package com.example.p003.pos08;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.query.Param;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

@Component
public class DeliveryEventConsumer {

    private ShipmentRepository shipments;

    @KafkaListener(topics = "carrier.delivered")
    public void onDelivered(String shipmentNo) {
        shipments.markDelivered(shipmentNo);
    }
}

interface ShipmentRepository extends JpaRepository<Shipment, Long> {

    @Modifying
    @Query("update Shipment s set s.status = 'DELIVERED' where s.shipmentNo = :no") // expect: IDEM003 "a second run"
    int markDelivered(@Param("no") String no);
}

class Shipment {
    private Long id;
    private String shipmentNo;
    private String status;
}
