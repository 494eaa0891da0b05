// The job calls the conditional claim markRunning but ignores its row count, so two runs (or a re-run over a stale select) both charge: finding on the charge.
package com.example.pos05;

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
public class InstallmentJob {

    private final TaskMapper taskMapper;
    private final PaymentClient paymentClient;

    public InstallmentJob(TaskMapper taskMapper, PaymentClient paymentClient) {
        this.taskMapper = taskMapper;
        this.paymentClient = paymentClient;
    }

    @Scheduled(cron = "0 */10 * * * *")
    public void run() {
        List<InstallmentTask> tasks = taskMapper.selectByStatus("PENDING");
        for (InstallmentTask t : tasks) {
            taskMapper.markRunning(t.getId());
            paymentClient.charge(t.getUserId(), t.getAmount()); // expect: IDEM001
            taskMapper.updateStatus(t.getId(), "DONE");
        }
    }
}

@Mapper
interface TaskMapper {

    @Select("SELECT id, user_id, amount, status FROM installment_task WHERE status = #{status}")
    List<InstallmentTask> selectByStatus(@Param("status") String status);

    @Update("UPDATE installment_task SET status = 'RUNNING' WHERE id = #{id} AND status = 'PENDING'")
    int markRunning(@Param("id") long id);

    @Update("UPDATE installment_task SET status = #{status} WHERE id = #{id}")
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

class InstallmentTask {
    private Long id;
    private Long userId;
    private BigDecimal amount;

    public Long getId() { return id; }
    public Long getUserId() { return userId; }
    public BigDecimal getAmount() { return amount; }
}
