// "PENDING".equals(t.getStatus()) on a row selected earlier guards a charge: two overlapping runs both see PENDING and both charge.
package com.example.idem004.pos02;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestTemplate;

@Component
public class ChargeJob {

    private final TaskMapper taskMapper;
    private final PaymentClient paymentClient;

    public ChargeJob(TaskMapper taskMapper, PaymentClient paymentClient) {
        this.taskMapper = taskMapper;
        this.paymentClient = paymentClient;
    }

    public void run() {
        for (Task t : taskMapper.selectToday()) {
            if ("PENDING".equals(t.getStatus())) { // expect: IDEM004 "charges the customer again"
                paymentClient.charge(t.getUserId(), t.getAmount());
                taskMapper.updateStatus(t.getId(), "DONE");
            }
        }
    }
}

@Mapper
interface TaskMapper {

    @Select("SELECT id, user_id, phone, amount, status FROM pay_task WHERE biz_date = CURRENT_DATE")
    List<Task> selectToday();

    @Select("SELECT id, user_id, phone, amount, status FROM pay_task WHERE id = #{id}")
    Task selectById(@Param("id") long id);

    @Update("UPDATE pay_task SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);

    @Update("UPDATE pay_task SET status = 'RUNNING' WHERE id = #{id} AND status = 'PENDING'")
    int markRunning(@Param("id") long id);
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

class Task {
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
