// The status is copied into a local first and the local is compared: still a check on a value read earlier.
package com.example.idem004.pos07;

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
public class LocalStatusJob {

    private final TaskMapper taskMapper;
    private final PaymentClient paymentClient;

    public LocalStatusJob(TaskMapper taskMapper, PaymentClient paymentClient) {
        this.taskMapper = taskMapper;
        this.paymentClient = paymentClient;
    }

    public void handle(long id) {
        Task t = taskMapper.selectById(id);
        String status = t.getStatus();
        if (status.equals("PENDING")) { // expect: IDEM004
            paymentClient.charge(t.getUserId(), t.getAmount());
            taskMapper.updateStatus(id, "DONE");
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
