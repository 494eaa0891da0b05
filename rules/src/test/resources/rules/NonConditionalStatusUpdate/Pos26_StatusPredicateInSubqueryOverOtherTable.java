// The subquery requires a status of another table (the order is PAID): nothing in the statement says which status the
// flow row must still have, so a flow row that moved on meanwhile is overwritten.
package com.example.p003.pos26;

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

    @Update("UPDATE store_flow SET settle_status = 'SETTLING' WHERE order_sn IN (" // expect: IDEM003 "blind status transition"
            + " SELECT o.sn FROM orders o WHERE o.order_status = 'PAID' )")
    void markSettling();
}
