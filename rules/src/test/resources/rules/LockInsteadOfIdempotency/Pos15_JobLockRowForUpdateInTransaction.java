// The job takes its lock row (SELECT .. FROM job_lock WHERE name = .. FOR UPDATE, a mapper annotation) inside its
// @Transactional method and then charges every pending refund: the row lock is the only guard. A second instance
// after a crash (or after the transaction timed out) charges the same refunds again.
package com.example.idem009.pos15;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

@Component
public class RefundJob {

    private final JobLockMapper jobLockMapper;
    private final RefundMapper refundMapper;
    private final PaymentGateway gateway;

    public RefundJob(JobLockMapper jobLockMapper, RefundMapper refundMapper, PaymentGateway gateway) {
        this.jobLockMapper = jobLockMapper;
        this.refundMapper = refundMapper;
        this.gateway = gateway;
    }

    @Scheduled(fixedDelay = 60000)
    @Transactional
    public void run() {
        jobLockMapper.lock("refund-job"); // expect: IDEM009 "job_lock"
        for (Refund r : refundMapper.selectPending()) {
            gateway.refund(r.getPaymentId(), r.getAmount());
            refundMapper.markDone(r.getId());
        }
    }
}

@Mapper
interface JobLockMapper {

    @Select("SELECT name FROM job_lock WHERE name = #{name} FOR UPDATE")
    String lock(@Param("name") String name);
}

@Mapper
interface RefundMapper {

    @Select("SELECT id, payment_id, amount FROM refund WHERE status = 'PENDING'")
    List<Refund> selectPending();

    @Update("UPDATE refund SET status = 'DONE' WHERE id = #{id}")
    int markDone(@Param("id") long id);
}

interface PaymentGateway {
    void refund(String paymentId, long amount);
}

class Refund {
    private Long id;
    private String paymentId;
    private long amount;

    public Long getId() { return id; }
    public String getPaymentId() { return paymentId; }
    public long getAmount() { return amount; }
}
