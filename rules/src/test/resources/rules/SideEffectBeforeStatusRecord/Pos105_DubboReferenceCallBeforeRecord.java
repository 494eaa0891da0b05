// A Dubbo reference (@DubboReference) to the ledger service, whose interface has no implementation in these sources: addEntry() runs in another service before the order is marked SYNCED, so a crash between them adds the entry again: finding on the call.
package com.example.pos105;

import org.apache.dubbo.config.annotation.DubboReference;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class OrderSyncJob {

    private final OrderMapper orders;
    @DubboReference
    private LedgerFacade ledger;

    public OrderSyncJob(OrderMapper orders) {
        this.orders = orders;
    }

    @Scheduled(fixedDelay = 60_000)
    public void run() throws Exception {
        for (Order o : orders.selectPending()) {
            ledger.addEntry(o.getOrderNo()); // expect: IDEM001 "calls a remote service"
            orders.markSynced(o.getId());
        }
    }
}

@Mapper
interface OrderMapper {

    @Select("SELECT id, order_no FROM t_order WHERE sync_status = 'PENDING'")
    List<Order> selectPending();

    @Update("UPDATE t_order SET sync_status = 'SYNCED' WHERE id = #{id}")
    int markSynced(@Param("id") long id);
}

class Order {
    private long id;
    private String orderNo;

    public long getId() { return id; }
    public String getOrderNo() { return orderNo; }
}


interface LedgerFacade {
    void addEntry(String orderNo);

    String getEntry(String orderNo);
}
