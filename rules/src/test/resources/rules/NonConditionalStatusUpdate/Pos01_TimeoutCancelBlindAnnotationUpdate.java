// A scheduled scan selects unpaid orders past their deadline and cancels each with an UPDATE by id only, then releases
// the stock: a payment callback landing between the select and the update is overwritten; finding at the annotation.
package com.example.p003.pos01;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

@Component
public class TimeoutOrderCancelJob {

    private OrderMapper orderMapper;
    private StockMapper stockMapper;

    @Scheduled(fixedDelay = 60000)
    public void cancelTimedOut() {
        List<Order> orders = orderMapper.selectUnpaidBefore(System.currentTimeMillis() - 30 * 60_000L);
        for (Order o : orders) {
            orderMapper.cancel(o.getId());
            stockMapper.release(o.getSkuId(), o.getQuantity());
        }
    }
}

@Mapper
interface OrderMapper {

    @Select("SELECT id, sku_id, quantity FROM t_order WHERE status = 'UNPAID' AND created_at < #{deadline}")
    List<Order> selectUnpaidBefore(@Param("deadline") long deadline);

    @Update("UPDATE t_order SET status = 'CANCELLED' WHERE id = #{id}") // expect: IDEM003 "blind status transition"
    int cancel(@Param("id") long id);
}

@Mapper
interface StockMapper {

    @Update("UPDATE t_stock SET available = available + #{qty} WHERE sku_id = #{skuId}")
    int release(@Param("skuId") long skuId, @Param("qty") int qty);
}

class Order {
    private Long id;
    private Long skuId;
    private int quantity;

    public Long getId() { return id; }
    public Long getSkuId() { return skuId; }
    public int getQuantity() { return quantity; }
}
