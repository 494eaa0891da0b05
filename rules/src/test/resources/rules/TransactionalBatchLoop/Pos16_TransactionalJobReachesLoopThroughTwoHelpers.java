// The @Transactional job method calls a service, which calls its own private method, which loops over the rows it
// selects and posts each one to a partner: two helper calls down, still one transaction (error at the job's call).
package com.example.idem002.pos16;

import java.util.List;
import java.util.Map;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
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
}

@Service
class SyncService {

    private final ShipmentMapper shipmentMapper;
    private final RestTemplate restTemplate;

    SyncService(ShipmentMapper shipmentMapper, RestTemplate restTemplate) {
        this.shipmentMapper = shipmentMapper;
        this.restTemplate = restTemplate;
    }

    public void syncAll() {
        int limit = 500;
        pushBatch(limit);
    }

    private void pushBatch(int limit) {
        List<Shipment> shipments = shipmentMapper.selectUnsynced();
        for (Shipment s : shipments) {
            restTemplate.postForObject("https://partner.example.com/shipments", Map.of("id", s.getId()), String.class);
            shipmentMapper.markSynced(s.getId());
        }
    }
}

@Mapper
interface ShipmentMapper {

    @Select("SELECT id FROM shipment WHERE synced = 0")
    List<Shipment> selectUnsynced();

    @Update("UPDATE shipment SET synced = 1 WHERE id = #{id}")
    int markSynced(@Param("id") long id);
}

class Shipment {
    private Long id;

    public Long getId() { return id; }
}
