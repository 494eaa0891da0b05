// Inside the transaction each refund row itself is read FOR UPDATE (a per-row lock, claim-like), and the rows to work
// on are selected FOR UPDATE SKIP LOCKED: neither is a job lock row, IDEM009 stays silent.
package com.example.idem009.neg18;

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

    private final RefundMapper refundMapper;
    private final PaymentGateway gateway;

    public RefundJob(RefundMapper refundMapper, PaymentGateway gateway) {
        this.refundMapper = refundMapper;
        this.gateway = gateway;
    }

    @Scheduled(fixedDelay = 60000)
    @Transactional
    public void run() {
        for (Refund r : refundMapper.selectPendingForUpdate()) {
            Refund locked = refundMapper.selectByIdForUpdate(r.getId());
            gateway.refund(locked.getPaymentId(), locked.getAmount());
            refundMapper.markDone(r.getId());
        }
    }
}

@Mapper
interface RefundMapper {

    @Select("SELECT id, payment_id, amount FROM refund WHERE status = 'PENDING' LIMIT 100 FOR UPDATE SKIP LOCKED")
    List<Refund> selectPendingForUpdate();

    @Select("SELECT id, payment_id, amount FROM refund WHERE id = #{id} FOR UPDATE")
    Refund selectByIdForUpdate(@Param("id") long id);

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
