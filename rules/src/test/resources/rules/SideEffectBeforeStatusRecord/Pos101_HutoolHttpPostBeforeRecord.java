// Hutool's HttpUtil.post(url, body) and a HttpRequest.post(url) chain send each order to the partner before it is marked SYNCED: a crash between them posts it again: one finding on the first post, the second named with it.
package com.example.pos101;

import cn.hutool.http.HttpRequest;
import cn.hutool.http.HttpUtil;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class OrderSyncJob {

    private final OrderMapper orders;


    public OrderSyncJob(OrderMapper orders) {
        this.orders = orders;
    }

    @Scheduled(fixedDelay = 60_000)
    public void run() throws Exception {
        for (Order o : orders.selectPending()) {
            HttpUtil.post("https://partner.example.com/orders", o.getOrderNo()); // expect: IDEM001 "HttpRequest.post() at line 26"
            HttpRequest.post("https://partner.example.com/audit").body(o.getOrderNo()).execute();
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

