// The charge passes an idempotencyKey, but it is UUID.randomUUID(): a re-run sends a fresh key, so the gateway charges again: finding on the charge.
package com.example.pos04;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.UUID;
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
public class SubscriptionRenewalJob {

    private final TaskMapper taskMapper;
    private final PaymentClient paymentClient;

    public SubscriptionRenewalJob(TaskMapper taskMapper, PaymentClient paymentClient) {
        this.taskMapper = taskMapper;
        this.paymentClient = paymentClient;
    }

    @Scheduled(cron = "0 0 1 * * *")
    public void run() {
        for (RenewalTask t : taskMapper.selectPending()) {
            String requestKey = UUID.randomUUID().toString();
            paymentClient.charge(t.getUserId(), t.getAmount(), requestKey); // expect: IDEM001
            taskMapper.markDone(t.getId());
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

    @Select("SELECT id, user_id, amount, status FROM renewal_task WHERE status = 'PENDING'")
    List<RenewalTask> selectPending();

    @Update("UPDATE renewal_task SET status = 'DONE' WHERE id = #{id}")
    int markDone(@Param("id") long id);
}

class RenewalTask {
    private Long id;
    private Long userId;
    private BigDecimal amount;

    public Long getId() { return id; }
    public Long getUserId() { return userId; }
    public BigDecimal getAmount() { return amount; }
}
