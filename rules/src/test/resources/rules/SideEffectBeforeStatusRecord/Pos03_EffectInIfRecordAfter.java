// The charge sits inside an if and the DONE record comes after the if, so the path "charge then record" exists: finding on the charge.
package com.example.pos03;

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
public class MonthlyFeeJob {

    private final TaskMapper taskMapper;
    private final PaymentClient paymentClient;

    public MonthlyFeeJob(TaskMapper taskMapper, PaymentClient paymentClient) {
        this.taskMapper = taskMapper;
        this.paymentClient = paymentClient;
    }

    @Scheduled(cron = "0 0 2 1 * *")
    public void run() {
        List<FeeTask> tasks = taskMapper.selectPending();
        for (FeeTask t : tasks) {
            if (t.getAmount().signum() > 0) {
                paymentClient.charge(t.getUserId(), t.getAmount()); // expect: IDEM001
            }
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

    String charge(Long userId, BigDecimal amount) {
        return restTemplate.postForObject("https://pay.example.com/v1/charges",
                Map.of("userId", userId, "amount", amount), String.class);
    }
}

@Mapper
interface TaskMapper {

    @Select("SELECT id, user_id, amount, status FROM fee_task WHERE status = 'PENDING'")
    List<FeeTask> selectPending();

    @Update("UPDATE fee_task SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

class FeeTask {
    private Long id;
    private Long userId;
    private BigDecimal amount;

    public Long getId() { return id; }
    public Long getUserId() { return userId; }
    public BigDecimal getAmount() { return amount; }
}
