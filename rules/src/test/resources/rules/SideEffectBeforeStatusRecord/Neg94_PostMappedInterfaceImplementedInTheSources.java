// The same @POST-mapped interface, but implemented in the sources by a class that only writes the application's own rows: the implementation is followed instead of the mapping, and it has no effect: no finding.
package com.example.neg94;

import javax.ws.rs.POST;
import javax.ws.rs.Path;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class OrderSyncJob {

    private final OrderMapper orders;
    private final PartnerApi partner;

    public OrderSyncJob(OrderMapper orders) {
        this.orders = orders;
        this.partner = new LocalPartner(orders);
    }

    @Scheduled(fixedDelay = 60_000)
    public void run() throws Exception {
        for (Order o : orders.selectPending()) {
            partner.submitOrder(o.getOrderNo());
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

@Path("/partner")
interface PartnerApi {
    @POST
    @Path("orders")
    void submitOrder(String orderNo);
}

class LocalPartner implements PartnerApi {
    private final OrderMapper orders;

    LocalPartner(OrderMapper orders) {
        this.orders = orders;
    }

    @Override
    public void submitOrder(String orderNo) {
        orders.selectPending();
    }
}
