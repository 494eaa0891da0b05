// The twins of Pos110 that are no effect before the record: a remote-named interface's read (getBalance) and its
// client management (isEnabled, close) ask the other system for nothing; ReceiptNotifier has an implementation in these
// sources, which is followed and only logs; AuditClient declares a default method, whose body is followed and only
// formats a string. No finding.
package com.example.neg105;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class PayoutJob {
    private LedgerClient ledger;
    private ReceiptNotifier receipts;
    private AuditClient audit;
    private PayoutMapper payouts;

    @Scheduled(fixedDelay = 60_000)
    public void run() {
        for (Payout p : payouts.selectPending()) {
            if (ledger.isEnabled()) {
                long balance = ledger.getBalance(p.getId());
                receipts.announce(p.getId(), balance);
            }
            audit.describe(p.getId());
            payouts.markSettled(p.getId());
        }
        ledger.close();
    }
}

interface LedgerClient {
    long getBalance(long payoutId);

    boolean isEnabled();

    void close();
}

interface ReceiptNotifier {
    void announce(long payoutId, long balance);
}

class LoggingReceiptNotifier implements ReceiptNotifier {
    @Override
    public void announce(long payoutId, long balance) {
        System.out.println("payout " + payoutId + " balance " + balance);
    }
}

interface AuditClient {
    default String describe(long payoutId) {
        return "payout-" + payoutId;
    }
}

@Mapper
interface PayoutMapper {
    @Select("SELECT id, amount FROM payout WHERE status = 'PENDING'")
    List<Payout> selectPending();

    @Update("UPDATE payout SET status = 'SETTLED' WHERE id = #{id} AND status = 'PENDING'")
    int markSettled(@Param("id") long id);
}

class Payout {
    private long id;
    private long amount;

    long getId() { return id; }
    long getAmount() { return amount; }
}
