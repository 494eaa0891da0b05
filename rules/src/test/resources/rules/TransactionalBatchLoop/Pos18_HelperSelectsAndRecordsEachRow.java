// The @Transactional job method calls a service whose helper selects the pending rows itself and, per row, posts it to
// a partner and records it SENT. Each post is recorded by the helper, so no unrecorded effect reaches the job's call,
// but the helpers join the job's transaction: the whole push is one transaction (errors at the job's calls). The second
// job reaches the same kind of helper through a call that passes a partner name, not rows; the third's loop hands each row to
// a private method of the same class that posts and records it; the fourth reaches a loop that publishes each row to
// Kafka and deletes it.
package com.example.idem002.pos18;

import java.util.List;
import java.util.Map;
import org.apache.ibatis.annotations.Delete;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.client.RestTemplate;

@Component
public class PartnerSyncJob {

    private final SyncService syncService;

    public PartnerSyncJob(SyncService syncService) {
        this.syncService = syncService;
    }

    @Scheduled(fixedDelay = 300000)
    @Transactional
    public void run() {
        syncService.syncAll(); // expect: IDEM002 "through SyncService.syncAll()"
    }

    @Scheduled(fixedDelay = 600000)
    @Transactional(rollbackFor = Exception.class)
    public void runPaged() {
        syncService.syncPartner("partner-a"); // expect: IDEM002
    }

    @Scheduled(fixedDelay = 120000)
    @Transactional
    public void runEach() {
        syncService.syncEach(); // expect: IDEM002
    }

    @Scheduled(fixedDelay = 60000)
    @Transactional
    public void relay() {
        syncService.relayOutbox(); // expect: IDEM002
    }
}

@Service
class SyncService {

    private final ShipmentMapper shipmentMapper;
    private final RestTemplate restTemplate;
    private final KafkaTemplate<String, String> kafkaTemplate;

    SyncService(ShipmentMapper shipmentMapper, RestTemplate restTemplate, KafkaTemplate<String, String> kafkaTemplate) {
        this.shipmentMapper = shipmentMapper;
        this.restTemplate = restTemplate;
        this.kafkaTemplate = kafkaTemplate;
    }

    public void syncAll() {
        pushBatch();
    }

    public void syncPartner(String partner) {
        pushTo(partner);
    }

    private void pushBatch() {
        List<Shipment> pending = shipmentMapper.selectPending();
        for (Shipment s : pending) {
            restTemplate.postForObject("https://partner.example.com/shipments", Map.of("id", s.getId()), String.class);
            shipmentMapper.updateStatus(s.getId(), "SENT");
        }
    }

    private void pushTo(String partner) {
        for (Shipment s : shipmentMapper.selectPending()) {
            restTemplate.postForObject("https://" + partner + ".example.com/shipments", Map.of("id", s.getId()),
                    String.class);
            shipmentMapper.updateStatus(s.getId(), "SENT");
        }
    }

    public void syncEach() {
        for (Shipment s : shipmentMapper.selectPending()) {
            pushOne(s);
        }
    }

    private void pushOne(Shipment s) {
        restTemplate.postForObject("https://partner.example.com/shipments", Map.of("id", s.getId()), String.class);
        shipmentMapper.updateStatus(s.getId(), "SENT");
    }

    public void relayOutbox() {
        for (OutboxEvent e : shipmentMapper.selectOutbox()) {
            kafkaTemplate.send("shipments", e.getKey(), e.getPayload());
            shipmentMapper.deleteOutbox(e.getId());
        }
    }
}

@Mapper
interface ShipmentMapper {

    @Select("SELECT id FROM shipment WHERE status = 'PENDING'")
    List<Shipment> selectPending();

    @Update("UPDATE shipment SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);

    @Select("SELECT id, event_key, payload FROM shipment_outbox ORDER BY id")
    List<OutboxEvent> selectOutbox();

    @Delete("DELETE FROM shipment_outbox WHERE id = #{id}")
    int deleteOutbox(@Param("id") long id);
}

class Shipment {
    private Long id;

    public Long getId() { return id; }
}

class OutboxEvent {
    private Long id;
    private String key;
    private String payload;

    public Long getId() { return id; }
    public String getKey() { return key; }
    public String getPayload() { return payload; }
}
