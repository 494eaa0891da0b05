// A Feign-builder client method mapped to POST /oauth2/token redeems a code for a token before the order is marked SYNCED: a repeat obtains another token and duplicates nothing (catalog credentialCallWords, on the mapped path): no finding.
package com.example.neg102;

import feign.Feign;
import feign.RequestLine;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class OrderSyncJob {

    private final OrderMapper orders;
    private final LedgerApi ledger;

    public OrderSyncJob(OrderMapper orders) {
        this.orders = orders;
        this.ledger = Feign.builder().target(LedgerApi.class, "https://ledger.example.com");
    }

    @Scheduled(fixedDelay = 60_000)
    public void run() throws Exception {
        for (Order o : orders.selectPending()) {
            ledger.redeem(o.getOrderNo());
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

interface LedgerApi {
    @RequestLine("POST /oauth2/token")
    String redeem(String code);
}
