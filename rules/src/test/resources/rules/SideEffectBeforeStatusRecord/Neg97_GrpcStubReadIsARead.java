// The same generated gRPC stub asked for the partner's entry (getEntry, a read) before the order is marked SYNCED: asking again changes nothing: no finding.
package com.example.neg97;

import com.acme.ledger.LedgerServiceGrpc;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class OrderSyncJob {

    private final OrderMapper orders;
    private LedgerServiceGrpc.LedgerServiceBlockingStub ledger;

    public OrderSyncJob(OrderMapper orders) {
        this.orders = orders;
    }

    @Scheduled(fixedDelay = 60_000)
    public void run() throws Exception {
        for (Order o : orders.selectPending()) {
            ledger.getEntry(o.getOrderNo());
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

