// A scheduled job posts each pending order to the partner inside a rows.stream().forEach(r -> ..) lambda, and a
// second job hands each unsettled order to a helper by a method reference (forEach(this::settle)) that posts before
// recording: both are findings, and each names the entry method, the loop and the calls down to the effect.
package com.example.pos102;

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
    public void run() {
        List<Order> rows = orders.selectPending();
        rows.stream().forEach(r -> {
            HttpUtil.post("https://partner.example.com/orders", r.getOrderNo()); // expect: IDEM001
            orders.markSynced(r.getId());
        });
    }

    @Scheduled(cron = "0 0 3 * * *")
    public void settleAll() {
        orders.selectUnsettled().forEach(this::settle);
    }

    void settle(Order o) {
        HttpUtil.post("https://partner.example.com/settlements", o.getOrderNo()); // expect: IDEM001
        orders.markSettled(o.getId());
    }
}

@Mapper
interface OrderMapper {

    @Select("SELECT id, order_no FROM t_order WHERE sync_status = 'PENDING'")
    List<Order> selectPending();

    @Select("SELECT id, order_no FROM t_order WHERE settle_status = 'PENDING'")
    List<Order> selectUnsettled();

    @Update("UPDATE t_order SET sync_status = 'SYNCED' WHERE id = #{id}")
    int markSynced(@Param("id") long id);

    @Update("UPDATE t_order SET settle_status = 'SETTLED' WHERE id = #{id}")
    int markSettled(@Param("id") long id);
}

class Order {
    private long id;
    private String orderNo;

    public long getId() { return id; }
    public String getOrderNo() { return orderNo; }
}
