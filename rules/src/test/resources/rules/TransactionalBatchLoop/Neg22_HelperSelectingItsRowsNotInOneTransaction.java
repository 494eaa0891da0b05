// Look-alikes of a helper that selects its own rows and posts each one, where the batch is not one write
// transaction: the helper's loop hands each row to a REQUIRES_NEW method of another bean (one transaction per item);
// the job reaching the helper declares no transaction; the transactional entry is read-only; and a transactional job
// whose helper only reads the rows and logs a total (no per-item work). No finding.
package com.example.idem002.neg22;

import java.util.List;
import java.util.Map;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
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
    public void runPerItem() {
        syncService.syncAllPerItem();
    }

    @Scheduled(fixedDelay = 300000)
    public void runWithoutTransaction() {
        syncService.syncAll();
    }

    @Scheduled(fixedDelay = 300000)
    @Transactional(readOnly = true)
    public void runReadOnly() {
        syncService.syncAll();
    }

    @Scheduled(fixedDelay = 300000)
    @Transactional
    public void report() {
        syncService.countPending();
    }
}

@Service
class SyncService {

    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(SyncService.class);
    private final ShipmentMapper shipmentMapper;
    private final RestTemplate restTemplate;
    private final ShipmentPusher pusher;

    SyncService(ShipmentMapper shipmentMapper, RestTemplate restTemplate, ShipmentPusher pusher) {
        this.shipmentMapper = shipmentMapper;
        this.restTemplate = restTemplate;
        this.pusher = pusher;
    }

    public void syncAllPerItem() {
        pushEachInItsOwnTransaction();
    }

    public void syncAll() {
        pushBatch();
    }

    public void countPending() {
        summarise();
    }

    private void pushEachInItsOwnTransaction() {
        for (Shipment s : shipmentMapper.selectPending()) {
            pusher.pushOne(s);
        }
    }

    private void pushBatch() {
        for (Shipment s : shipmentMapper.selectPending()) {
            restTemplate.postForObject("https://partner.example.com/shipments", Map.of("id", s.getId()), String.class);
            shipmentMapper.updateStatus(s.getId(), "SENT");
        }
    }

    private void summarise() {
        long total = 0;
        for (Shipment s : shipmentMapper.selectPending()) {
            total += s.getWeight();
        }
        log.info("pending weight {}", total);
    }
}

@Service
class ShipmentPusher {

    private final ShipmentMapper shipmentMapper;
    private final RestTemplate restTemplate;

    ShipmentPusher(ShipmentMapper shipmentMapper, RestTemplate restTemplate) {
        this.shipmentMapper = shipmentMapper;
        this.restTemplate = restTemplate;
    }

    @Transactional(propagation = Propagation.REQUIRES_NEW)
    public void pushOne(Shipment s) {
        restTemplate.postForObject("https://partner.example.com/shipments", Map.of("id", s.getId()), String.class);
        shipmentMapper.updateStatus(s.getId(), "SENT");
    }
}

@Mapper
interface ShipmentMapper {

    @Select("SELECT id, weight FROM shipment WHERE status = 'PENDING'")
    List<Shipment> selectPending();

    @Update("UPDATE shipment SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

class Shipment {
    private Long id;
    private long weight;

    public Long getId() { return id; }
    public long getWeight() { return weight; }
}
