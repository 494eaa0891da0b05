// Each row is claimed with a conditional UPDATE (PENDING -> RUNNING) and skipped unless exactly one row changed, before the charge: no finding.
package com.example.neg06;

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
public class NoonSettlementJob {

    private final TaskMapper taskMapper;
    private final PaymentClient paymentClient;

    public NoonSettlementJob(TaskMapper taskMapper, PaymentClient paymentClient) {
        this.taskMapper = taskMapper;
        this.paymentClient = paymentClient;
    }

    @Scheduled(cron = "0 0 12 * * *")
    public void run() {
        List<SettlementTask> tasks = taskMapper.selectByStatus("PENDING", 500);
        for (SettlementTask t : tasks) {
            if (taskMapper.claim(t.getId()) != 1) {
                continue;
            }
            paymentClient.charge(t.getUserId(), t.getAmount());
            taskMapper.updateStatus(t.getId(), "DONE");
        }
    }
}

@Mapper
interface TaskMapper {

    @Select("SELECT id, user_id, amount FROM settlement_task WHERE status = #{status} LIMIT #{limit}")
    List<SettlementTask> selectByStatus(@Param("status") String status, @Param("limit") int limit);

    @Update("UPDATE settlement_task SET status = 'RUNNING', gmt_modified = NOW() WHERE id = #{id} AND status = 'PENDING'")
    int claim(@Param("id") long id);

    @Update("UPDATE settlement_task SET status = #{status}, gmt_modified = NOW() WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

@Component
class PaymentClient {

    private final RestTemplate restTemplate;

    PaymentClient(RestTemplate restTemplate) {
        this.restTemplate = restTemplate;
    }

    String charge(Long userId, BigDecimal amount) {
        return restTemplate.postForObject("https://pay.example.com/v1/charges",
                Map.of("userId", userId, "amount", amount), String.class);
    }
}

class SettlementTask {
    private Long id;
    private Long userId;
    private BigDecimal amount;

    public Long getId() { return id; }
    public Long getUserId() { return userId; }
    public BigDecimal getAmount() { return amount; }
}
