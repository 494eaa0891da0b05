// A Retrofit interface method mapped to @POST submits the order to a partner; with no implementation in the sources the call leaves the application, before the order is marked SYNCED: a crash between them submits it again: finding on submitOrder.
package com.example.pos97;

import retrofit2.Call;
import retrofit2.Retrofit;
import retrofit2.http.Body;
import retrofit2.http.POST;
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
        this.partner = new Retrofit.Builder().baseUrl("https://partner.example.com/").build().create(PartnerApi.class);
    }

    @Scheduled(fixedDelay = 60_000)
    public void run() throws Exception {
        for (Order o : orders.selectPending()) {
            partner.submitOrder(o.getOrderNo()).execute(); // expect: IDEM001 "calls a remote service"
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

interface PartnerApi {
    @POST("orders")
    Call<Void> submitOrder(@Body String orderNo);
}
