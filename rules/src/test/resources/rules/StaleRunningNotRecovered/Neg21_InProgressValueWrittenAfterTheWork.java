// A daily settlement completes every finished flow (a database write per item) and only then sets the profit-sharing
// status of those flows to PROCESSING in one bulk UPDATE, the last thing it does. The value marks work already done;
// it is not a claim held while work runs, so a crash leaves no row stuck before its work. No finding.
package com.example.e008.neg21;

import java.util.List;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class SettlementJob {

    private FlowMapper flows;

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

    @Update("UPDATE store_flow SET profit_sharing_status = 'PROCESSING', bill_time = NOW() WHERE order_status = 'COMPLETE'")
    int markProfitSharingProcessing();
}

class Flow {
    private long id;
    long getId() { return id; }
}
