// try { charge; record DONE } catch { record FAILED }: the charge precedes both records and nothing makes a re-run safe; one root cause, so one finding on the charge.
package com.example.pos10;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestClientException;
import org.springframework.web.client.RestTemplate;

@Component
public class TuitionChargeJob {

    private static final Logger log = LoggerFactory.getLogger(TuitionChargeJob.class);

    private final TaskMapper taskMapper;
    private final PaymentClient paymentClient;

    public TuitionChargeJob(TaskMapper taskMapper, PaymentClient paymentClient) {
        this.taskMapper = taskMapper;
        this.paymentClient = paymentClient;
    }

    @Scheduled(cron = "0 0 6 * * *")
    public void run() {
        for (TuitionTask t : taskMapper.selectPending()) {
            try {
                paymentClient.charge(t.getStudentId(), t.getAmount()); // expect: IDEM001
                taskMapper.updateStatus(t.getId(), "DONE");
            } catch (RestClientException e) {
                taskMapper.updateStatus(t.getId(), "FAILED");
                log.warn("tuition task {} failed: {}", t.getId(), e.getMessage());
            }
        }
    }
}

@Component
class PaymentClient {

    private final RestTemplate restTemplate;

    PaymentClient(RestTemplate restTemplate) {
        this.restTemplate = restTemplate;
    }

    void charge(Long studentId, BigDecimal amount) {
        restTemplate.postForObject("https://pay.example.com/v1/charges",
                Map.of("customer", studentId, "amount", amount), Void.class);
    }
}

@Mapper
interface TaskMapper {

    @Select("SELECT id, student_id, amount FROM tuition_task WHERE status = 'PENDING'")
    List<TuitionTask> selectPending();

    @Update("UPDATE tuition_task SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

class TuitionTask {
    private Long id;
    private Long studentId;
    private BigDecimal amount;

    public Long getId() { return id; }
    public Long getStudentId() { return studentId; }
    public BigDecimal getAmount() { return amount; }
}
