// Settlement job: PayoutGateway and LedgerSender are project interfaces with no implementation in these sources (the
// real client comes from another module or is generated at run time); their names say they talk to another system.
// settle(..) and post(..) are not reads, so they are likely effects, both before the row is marked SETTLED: a crash in
// between settles again. One finding on the first, whose message says why a bodiless call was taken as an effect.
package com.example.pos110;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class PayoutJob {
    private PayoutGateway gateway;
    private LedgerSender ledger;
    private PayoutMapper payouts;

    @Scheduled(fixedDelay = 60_000)
    public void run() {
        for (Payout p : payouts.selectPending()) {
            gateway.settle(p.getId(), p.getAmount()); // expect: IDEM001 "PayoutGateway.settle() has no implementation in the sources; its type name says it is remote, so it is taken as an effect"
            ledger.post(p.getId());
            payouts.markSettled(p.getId());
        }
    }
}

interface PayoutGateway {
    void settle(long payoutId, long amount);
}

interface LedgerSender {
    void post(long payoutId);
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
