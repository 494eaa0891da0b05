// The job begins a transaction by hand (transactionManager.getTransaction) before the loop and commits it after: every
// payout is sent to the bank and marked PAID inside that one transaction (error).
package com.example.idem002.pos15;

import java.util.List;
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
    private final PlatformTransactionManager transactionManager;
    private final BankClient bankClient;

    public PayoutJob(PayoutMapper payoutMapper, PlatformTransactionManager transactionManager, BankClient bankClient) {
        this.payoutMapper = payoutMapper;
        this.transactionManager = transactionManager;
        this.bankClient = bankClient;
    }

    @Scheduled(cron = "0 0 3 * * *")
    public void payAll() {
        TransactionStatus status = transactionManager.getTransaction(new DefaultTransactionDefinition());
        try {
            List<Payout> due = payoutMapper.selectDue();
            for (Payout p : due) { // expect: IDEM002 "begun by transactionManager.getTransaction()"
                bankClient.transfer(p.getAccount(), p.getAmount());
                payoutMapper.markPaid(p.getId());
            }
            transactionManager.commit(status);
        } catch (RuntimeException e) {
            transactionManager.rollback(status);
            throw e;
        }
    }
}

@Component
class BankClient {

    private final org.springframework.web.client.RestTemplate rest = new org.springframework.web.client.RestTemplate();

    void transfer(String account, long amount) {
        rest.postForObject("https://bank.example.com/transfers", new Object[] {account, amount}, String.class);
    }
}

@Mapper
interface PayoutMapper {

    @Select("SELECT id, account, amount FROM payout WHERE status = 'DUE'")
    List<Payout> selectDue();

    @Update("UPDATE payout SET status = 'PAID' WHERE id = #{id}")
    int markPaid(@Param("id") long id);
}

class Payout {
    private Long id;
    private String account;
    private long amount;

    public Long getId() { return id; }
    public String getAccount() { return account; }
    public long getAmount() { return amount; }
}
