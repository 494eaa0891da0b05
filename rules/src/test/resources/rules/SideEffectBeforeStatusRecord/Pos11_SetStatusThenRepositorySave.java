// The record is t.setStatus(DONE) followed by taskRepository.save(t) (Spring Data JPA); the charge before it has no key or claim: finding on the charge.
package com.example.pos11;

import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestTemplate;

@Component
public class MembershipBillingJob {

    private final BillingTaskRepository taskRepository;
    private final BillingClient billingClient;

    public MembershipBillingJob(BillingTaskRepository taskRepository, BillingClient billingClient) {
        this.taskRepository = taskRepository;
        this.billingClient = billingClient;
    }

    @Scheduled(cron = "0 0 4 * * *")
    public void run() {
        List<BillingTask> tasks = taskRepository.findTop500ByStatusOrderById(TaskStatus.PENDING);
        for (BillingTask t : tasks) {
            billingClient.charge(t.getMemberId(), t.getAmount()); // expect: IDEM001
            t.setStatus(TaskStatus.DONE);
            taskRepository.save(t);
        }
    }
}

interface BillingTaskRepository extends JpaRepository<BillingTask, Long> {

    List<BillingTask> findTop500ByStatusOrderById(TaskStatus status);
}

enum TaskStatus { PENDING, DONE, FAILED }

@Component
class BillingClient {

    private final RestTemplate restTemplate;

    BillingClient(RestTemplate restTemplate) {
        this.restTemplate = restTemplate;
    }

    void charge(Long memberId, BigDecimal amount) {
        restTemplate.postForObject("https://pay.example.com/v1/charges",
                Map.of("customer", memberId, "amount", amount), Void.class);
    }
}

@Entity
@Table(name = "billing_task")
class BillingTask {
    @Id
    private Long id;
    private Long memberId;
    private BigDecimal amount;
    @Enumerated(EnumType.STRING)
    private TaskStatus status;

    public Long getId() { return id; }
    public Long getMemberId() { return memberId; }
    public BigDecimal getAmount() { return amount; }
    public TaskStatus getStatus() { return status; }
    public void setStatus(TaskStatus status) { this.status = status; }
}
