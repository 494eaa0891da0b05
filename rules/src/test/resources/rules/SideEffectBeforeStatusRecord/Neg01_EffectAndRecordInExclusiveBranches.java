// The record (SKIPPED) and the charge are in mutually exclusive if/else branches, so no path runs the charge before the record of the same task: no finding (the paid status is written later by the gateway's callback).
package com.example.neg01;

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
public class InvoiceCollectJob {

    private final TaskMapper taskMapper;
    private final PaymentClient paymentClient;

    public InvoiceCollectJob(TaskMapper taskMapper, PaymentClient paymentClient) {
        this.taskMapper = taskMapper;
        this.paymentClient = paymentClient;
    }

    @Scheduled(cron = "0 0 7 * * *")
    public void run() {
        for (InvoiceTask t : taskMapper.selectPending()) {
            if (t.getAmount().signum() == 0) {
                taskMapper.updateStatus(t.getId(), "SKIPPED");
            } else {
                paymentClient.charge(t.getCustomerId(), t.getAmount());
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

    void charge(Long customerId, BigDecimal amount) {
        restTemplate.postForObject("https://pay.example.com/v1/charges",
                Map.of("customer", customerId, "amount", amount), Void.class);
    }
}

@Mapper
interface TaskMapper {

    @Select("SELECT id, customer_id, amount FROM invoice_task WHERE status = 'PENDING'")
    List<InvoiceTask> selectPending();

    @Update("UPDATE invoice_task SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

class InvoiceTask {
    private Long id;
    private Long customerId;
    private BigDecimal amount;

    public Long getId() { return id; }
    public Long getCustomerId() { return customerId; }
    public BigDecimal getAmount() { return amount; }
}
