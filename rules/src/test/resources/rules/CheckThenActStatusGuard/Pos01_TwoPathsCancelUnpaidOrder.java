// Two paths cancel an unpaid order, a scheduled scan and a delayed-message consumer; each reads the order, sees it unpaid, writes "cancelled" by id with no predicate on the current status and releases the stock: both guards are reported.
package com.example.idem004.pos01;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

@Component
public class OrderTimeoutCanceller {

    static final int UNPAID = 0;
    static final int CANCELLED = 4;

    private final OrderMapper orderMapper;
    private final StockMapper stockMapper;

    public OrderTimeoutCanceller(OrderMapper orderMapper, StockMapper stockMapper) {
        this.orderMapper = orderMapper;
        this.stockMapper = stockMapper;
    }

    @Scheduled(fixedDelay = 60000)
    public void scan() {
        List<Order> orders = orderMapper.selectCreatedBefore(30);
        for (Order o : orders) {
            if (o.getStatus() == UNPAID) { // expect: IDEM004 "passes the same check"
                orderMapper.updateStatus(o.getId(), CANCELLED);
                stockMapper.release(o.getSkuId(), o.getQuantity());
            }
        }
    }

    /** Called by the delayed "order.timeout" message, 30 minutes after the order was placed. */
    public void onTimeoutMessage(long orderId) {
        Order order = orderMapper.selectById(orderId);
        if (order != null && order.getStatus() == UNPAID) { // expect: IDEM004
            orderMapper.updateStatus(orderId, CANCELLED);
            stockMapper.release(order.getSkuId(), order.getQuantity());
        }
    }
}

@Mapper
interface OrderMapper {

    @Select("SELECT id, sku_id, quantity, status FROM oms_order WHERE create_time < NOW() - INTERVAL #{minutes} MINUTE")
    List<Order> selectCreatedBefore(@Param("minutes") int minutes);

    @Select("SELECT id, sku_id, quantity, status FROM oms_order WHERE id = #{id}")
    Order selectById(@Param("id") long id);

    @Update("UPDATE oms_order SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") int status);
}

@Mapper
interface StockMapper {

    @Update("UPDATE sku_stock SET locked = locked - #{qty} WHERE sku_id = #{skuId}")
    int release(@Param("skuId") long skuId, @Param("qty") int qty);
}

class Order {
    private Long id;
    private Long skuId;
    private Integer quantity;
    private Integer status;

    public Long getId() { return id; }
    public Long getSkuId() { return skuId; }
    public Integer getQuantity() { return quantity; }
    public Integer getStatus() { return status; }
    public void setStatus(Integer status) { this.status = status; }
}
