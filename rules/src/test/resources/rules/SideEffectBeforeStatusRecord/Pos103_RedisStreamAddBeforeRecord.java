// Each order is appended to a Redis stream (opsForStream().add) before it is marked SYNCED; the stream gives every add a new entry id, so a crash between them adds the order twice: finding on add.
package com.example.pos103;

import org.springframework.data.redis.connection.stream.StreamRecords;
import org.springframework.data.redis.core.StringRedisTemplate;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class OrderSyncJob {

    private final OrderMapper orders;
    private StringRedisTemplate redis;

    public OrderSyncJob(OrderMapper orders) {
        this.orders = orders;
    }

    @Scheduled(fixedDelay = 60_000)
    public void run() throws Exception {
        for (Order o : orders.selectPending()) {
            redis.opsForStream().add(StreamRecords.string(java.util.Map.of("order", o.getOrderNo())).withStreamKey("orders")); // expect: IDEM001 "sends a message"
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

