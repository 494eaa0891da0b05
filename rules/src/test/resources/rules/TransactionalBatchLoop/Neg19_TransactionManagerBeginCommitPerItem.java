// Each payout gets its own transaction begun and committed by hand inside the loop; and the transaction begun after
// the loop (for the run's summary row) does not contain it. No finding.
package com.example.idem002.neg19;

import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.support.DefaultTransactionDefinition;

@Component
public class PayoutJob {

    private final PayoutMapper payoutMapper;
    private final PlatformTransactionManager txManager;

    public PayoutJob(PayoutMapper payoutMapper, PlatformTransactionManager txManager) {
        this.payoutMapper = payoutMapper;
        this.txManager = txManager;
    }

    @Scheduled(cron = "0 0 3 * * *")
    public void payAll() {
        List<Payout> due = payoutMapper.selectDue();
        int paid = 0;
        for (Payout p : due) {
            TransactionStatus status = txManager.getTransaction(new DefaultTransactionDefinition());
            try {
                payoutMapper.markPaid(p.getId());
                payoutMapper.insertLedger(p.getId(), p.getAmount());
                txManager.commit(status);
                paid++;
            } catch (RuntimeException e) {
                txManager.rollback(status);
            }
        }
        TransactionStatus summary = txManager.getTransaction(new DefaultTransactionDefinition());
        payoutMapper.insertRun(paid);
        txManager.commit(summary);
    }
}

@Mapper
interface PayoutMapper {

    @Select("SELECT id, amount FROM payout WHERE status = 'DUE'")
    List<Payout> selectDue();

    @Update("UPDATE payout SET status = 'PAID' WHERE id = #{id} AND status = 'DUE'")
    int markPaid(@Param("id") long id);

    @Insert("INSERT INTO ledger (payout_id, amount) VALUES (#{id}, #{amount})")
    int insertLedger(@Param("id") long id, @Param("amount") long amount);

    @Insert("INSERT INTO payout_run (paid) VALUES (#{paid})")
    int insertRun(@Param("paid") int paid);
}

class Payout {
    private Long id;
    private long amount;

    public Long getId() { return id; }
    public long getAmount() { return amount; }
}
