// The @Transactional job reaches the loop through two helpers, but the loop's per-item work runs in a REQUIRES_NEW
// method of another bean: each item commits on its own, no finding at the job's call.
package com.example.idem002.neg20;

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
    public void run() {
        syncService.syncAll();
    }
}

@Service
class SyncService {

    private final ShipmentMapper shipmentMapper;
    private final ShipmentPusher pusher;

    SyncService(ShipmentMapper shipmentMapper, ShipmentPusher pusher) {
        this.shipmentMapper = shipmentMapper;
        this.pusher = pusher;
    }

    public void syncAll() {
        pushBatch();
    }

    private void pushBatch() {
        for (Shipment s : shipmentMapper.selectUnsynced()) {
            pusher.pushOne(s);
        }
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
        shipmentMapper.markSynced(s.getId());
    }
}

@Mapper
interface ShipmentMapper {

    @Select("SELECT id FROM shipment WHERE synced = 0")
    List<Shipment> selectUnsynced();

    @Update("UPDATE shipment SET synced = 1 WHERE id = #{id} AND synced = 0")
    int markSynced(@Param("id") long id);
}

class Shipment {
    private Long id;

    public Long getId() { return id; }
}
