// The sweep's UPDATE chooses its rows with a subquery over the same table that requires the status it leaves
// (WAIT_COMPLETE): the status predicate is part of the statement, so a row that moved on is not written.
package com.example.p003.neg47;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class SettlementSweep {

    private FlowMapper flowMapper;

    @Scheduled(cron = "0 0 2 * * ?")
    public void run() {
        flowMapper.markSettling();
    }
}

@Mapper
interface FlowMapper {

    @Update("UPDATE store_flow SET settle_status = 'SETTLING', bill_time = NOW() WHERE item_sn IN ("
            + " SELECT o.item_sn FROM ( SELECT f.item_sn FROM store_flow f"
            + " WHERE f.settle_status = 'WAIT_COMPLETE' AND f.created_at < NOW() ) o )")
    void markSettling();
}
