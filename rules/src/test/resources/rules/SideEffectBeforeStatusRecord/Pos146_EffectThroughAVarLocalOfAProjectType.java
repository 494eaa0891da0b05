// The HTTP effect is behind a project client the job holds in a var local (Java 10+): the local's type is the class its
// initializer creates, so client.apply(t) reaches LedgerClient.apply and its POST before the DONE record.
package com.example.pos146;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestTemplate;

@Component
public class LedgerSyncJob {

    private final TaskMapper taskMapper;
    private final RestTemplate restTemplate;

    public LedgerSyncJob(TaskMapper taskMapper, RestTemplate restTemplate) {
        this.taskMapper = taskMapper;
        this.restTemplate = restTemplate;
    }

    @Scheduled(fixedDelay = 60_000)
    public void run() {
        var client = new LedgerClient(restTemplate);
        for (SettlementTask t : taskMapper.selectPending(200)) {
            client.apply(t); // expect: IDEM001
            taskMapper.updateStatus(t.getId(), "DONE");
        }
    }
}

class LedgerClient {

    private final RestTemplate restTemplate;

    LedgerClient(RestTemplate restTemplate) {
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
