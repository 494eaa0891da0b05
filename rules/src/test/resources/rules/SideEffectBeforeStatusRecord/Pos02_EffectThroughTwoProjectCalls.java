// The HTTP effect is two project calls deep (handle -> apply -> restTemplate) behind neutral names, and the DONE record follows in the loop: finding on the loop's handle(t) call.
package com.example.pos02;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.stereotype.Service;
import org.springframework.web.client.RestTemplate;

@Component
public class LedgerSyncJob {

    private final TaskMapper taskMapper;
    private final SettlementProcessor settlementProcessor;

    public LedgerSyncJob(TaskMapper taskMapper, SettlementProcessor settlementProcessor) {
        this.taskMapper = taskMapper;
        this.settlementProcessor = settlementProcessor;
    }

    @Scheduled(fixedDelay = 60_000)
    public void run() {
        for (SettlementTask t : taskMapper.selectPending(200)) {
            settlementProcessor.handle(t); // expect: IDEM001
            taskMapper.updateStatus(t.getId(), "DONE");
        }
    }
}

@Service
class SettlementProcessor {

    private final LedgerService ledgerService;

    SettlementProcessor(LedgerService ledgerService) {
        this.ledgerService = ledgerService;
    }

    void handle(SettlementTask t) {
        if (t.getAmount().signum() > 0) {
            ledgerService.apply(t);
        }
    }
}

@Service
class LedgerService {

    private final RestTemplate restTemplate;

    LedgerService(RestTemplate restTemplate) {
        this.restTemplate = restTemplate;
    }

    void apply(SettlementTask t) {
        restTemplate.postForObject("https://ledger.example.com/v1/entries",
                Map.of("account", t.getUserId(), "amount", t.getAmount()), Void.class);
    }
}

@Mapper
interface TaskMapper {

    @Select("SELECT id, user_id, amount, status FROM settlement_task WHERE status = 'PENDING' ORDER BY id LIMIT #{limit}")
    List<SettlementTask> selectPending(@Param("limit") int limit);

    @Update("UPDATE settlement_task SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

class SettlementTask {
    private Long id;
    private Long userId;
    private BigDecimal amount;

    public Long getId() { return id; }
    public Long getUserId() { return userId; }
    public BigDecimal getAmount() { return amount; }
}
