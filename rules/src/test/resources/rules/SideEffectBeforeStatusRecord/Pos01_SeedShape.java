// The incident's shape: the loop calls an unqualified private doBusiness(t) that charges and texts, then records DONE; a crash between them re-charges on restart, so one finding on doBusiness(t).
package com.example.pos01;

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
import org.springframework.web.client.RestTemplate;

@Component
public class NoonSettlementJob {

    private static final Logger log = LoggerFactory.getLogger(NoonSettlementJob.class);

    private final TaskMapper taskMapper;
    private final PaymentClient paymentClient;
    private final NotificationClient notificationClient;

    public NoonSettlementJob(TaskMapper taskMapper, PaymentClient paymentClient, NotificationClient notificationClient) {
        this.taskMapper = taskMapper;
        this.paymentClient = paymentClient;
        this.notificationClient = notificationClient;
    }

    @Scheduled(cron = "0 0 12 * * *")
    public void run() {
        List<SettlementTask> tasks = taskMapper.selectByStatus("PENDING", 500);
        for (SettlementTask t : tasks) {
            try {
                doBusiness(t); // expect: IDEM001
                taskMapper.updateStatus(t.getId(), "DONE");
            } catch (Exception e) {
                taskMapper.updateStatus(t.getId(), "FAILED");
                log.error("task {} failed", t.getId(), e);
            }
        }
    }

    private void doBusiness(SettlementTask t) {
        paymentClient.charge(t.getUserId(), t.getAmount());
        notificationClient.sendSms(t.getPhone(), "You have been charged " + t.getAmount());
    }
}

@Mapper
interface TaskMapper {

    @Select("SELECT id, user_id, phone, amount, status FROM settlement_task WHERE status = #{status} ORDER BY id LIMIT #{limit}")
    List<SettlementTask> selectByStatus(@Param("status") String status, @Param("limit") int limit);

    @Update("UPDATE settlement_task SET status = #{status}, gmt_modified = NOW() WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

@Component
class PaymentClient {

    private final RestTemplate restTemplate;

    PaymentClient(RestTemplate restTemplate) {
        this.restTemplate = restTemplate;
    }

    public String charge(Long userId, BigDecimal amount) {
        return restTemplate.postForObject("https://pay.example.com/v1/charges",
                Map.of("userId", userId, "amount", amount), String.class);
    }
}

@Component
class NotificationClient {

    private final RestTemplate restTemplate;

    NotificationClient(RestTemplate restTemplate) {
        this.restTemplate = restTemplate;
    }

    public void sendSms(String phone, String text) {
        restTemplate.postForObject("https://sms.example.com/v2/messages", Map.of("to", phone, "text", text), Void.class);
    }
}

class SettlementTask {
    private Long id;
    private Long userId;
    private String phone;
    private BigDecimal amount;
    private String status;

    public Long getId() { return id; }
    public Long getUserId() { return userId; }
    public String getPhone() { return phone; }
    public BigDecimal getAmount() { return amount; }
    public String getStatus() { return status; }
    public void setStatus(String status) { this.status = status; }
}
