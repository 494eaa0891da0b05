// ApplicationEventPublisher.publishEvent is an in-process Spring event, not an external effect (publish* on a known library type), so publishing before the record is no finding.
package com.example.neg10;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

@Component
public class ShipmentCloseJob {

    private final ShipmentMapper shipmentMapper;
    private final ApplicationEventPublisher eventPublisher;

    public ShipmentCloseJob(ShipmentMapper shipmentMapper, ApplicationEventPublisher eventPublisher) {
        this.shipmentMapper = shipmentMapper;
        this.eventPublisher = eventPublisher;
    }

    @Scheduled(cron = "0 0 * * * *")
    public void run() {
        for (Shipment s : shipmentMapper.selectDelivered()) {
            eventPublisher.publishEvent(new ShipmentClosedEvent(s.getId(), s.getOrderId()));
            shipmentMapper.updateStatus(s.getId(), "CLOSED");
        }
    }
}

record ShipmentClosedEvent(Long shipmentId, Long orderId) {
}

@Mapper
interface ShipmentMapper {

    @Select("SELECT id, order_id FROM shipment WHERE status = 'DELIVERED'")
    List<Shipment> selectDelivered();

    @Update("UPDATE shipment SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

class Shipment {
    private Long id;
    private Long orderId;

    public Long getId() { return id; }
    public Long getOrderId() { return orderId; }
}
