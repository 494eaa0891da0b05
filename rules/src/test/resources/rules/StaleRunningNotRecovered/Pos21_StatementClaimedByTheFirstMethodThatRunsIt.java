// The same bulk UPDATE to PROCESSING runs in two jobs: allocate() (first in the scan's method order) claims the flows
// with it before it pays them; settle() writes it only after its work, which alone would be no finding (Neg21). A
// statement is a move of the first method that runs it, so it is a claim held while work runs, and nothing returns
// stale PROCESSING flows: reported at the statement, on any number of threads.
package com.example.e008.pos21;

import java.util.List;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class SettlementJob {

    private FlowMapper flows;
    private PaymentClient paymentClient;

    @Scheduled(cron = "0 0 1 * * *")
    public void allocate() {
        flows.markProfitSharingProcessing();
        for (Flow f : flows.completed()) {
            paymentClient.charge(f.getId());
        }
    }

    @Scheduled(cron = "0 0 2 * * *")
    public void settle() {
        for (Flow f : flows.completed()) {
            flows.markOrderComplete(f.getId());
        }
        flows.markProfitSharingProcessing();
    }
}

interface FlowMapper {
    @Select("SELECT id FROM store_flow WHERE order_status = 'COMPLETE'")
    List<Flow> completed();

    @Update("UPDATE store_order SET status = 'COMPLETE' WHERE flow_id = #{id}")
    int markOrderComplete(long id);

    @Update("UPDATE store_flow SET profit_sharing_status = 'PROCESSING', bill_time = NOW() WHERE order_status = 'COMPLETE'") // expect: IDEM008 "stays PROCESSING forever"
    int markProfitSharingProcessing();
}

class Flow {
    private long id;
    long getId() { return id; }
}
