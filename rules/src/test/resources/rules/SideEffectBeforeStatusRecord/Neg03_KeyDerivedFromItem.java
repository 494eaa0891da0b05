// The charge carries idempotencyKey = taskId + ":" + bizDate, sent as the Idempotency-Key header; the gateway dedupes a re-run's repeat: no finding.
package com.example.neg03;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
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
        for (SettlementTask t : taskMapper.selectByStatus("PENDING", 500)) {
            paymentClient.charge(t.getUserId(), t.getAmount(), t.getId() + ":" + t.getBizDate());
            taskMapper.updateStatus(t.getId(), "DONE");
        }
    }
}

@Component
class PaymentClient {

    private final RestTemplate restTemplate;

    PaymentClient(RestTemplate restTemplate) {
        this.restTemplate = restTemplate;
    }

    String charge(Long userId, BigDecimal amount, String idempotencyKey) {
        HttpHeaders headers = new HttpHeaders();
        headers.set("Idempotency-Key", idempotencyKey);
        return restTemplate.postForObject("https://pay.example.com/v1/charges",
                new HttpEntity<>(Map.of("userId", userId, "amount", amount), headers), String.class);
    }
}

@Mapper
interface TaskMapper {

    @Select("SELECT id, user_id, amount, biz_date FROM settlement_task WHERE status = #{status} LIMIT #{limit}")
    List<SettlementTask> selectByStatus(@Param("status") String status, @Param("limit") int limit);

    @Update("UPDATE settlement_task SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

class SettlementTask {
    private Long id;
    private Long userId;
    private BigDecimal amount;
    private LocalDate bizDate;

    public Long getId() { return id; }
    public Long getUserId() { return userId; }
    public BigDecimal getAmount() { return amount; }
    public LocalDate getBizDate() { return bizDate; }
}
