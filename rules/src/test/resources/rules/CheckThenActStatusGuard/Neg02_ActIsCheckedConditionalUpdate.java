// The act is itself a conditional update (WHERE status = 0) and the stock is released only when its row count is 1: the in-memory check is only a shortcut; no finding.
package com.example.idem004.neg02;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Component;

@Component
public class SafeCanceller {

    private final OrderMapper orderMapper;
    private final StockMapper stockMapper;

    public SafeCanceller(OrderMapper orderMapper, StockMapper stockMapper) {
        this.orderMapper = orderMapper;
        this.stockMapper = stockMapper;
    }

    public void cancel(long orderId) {
        Order order = orderMapper.selectById(orderId);
        if (order.getStatus() == 0) {
            int n = orderMapper.cancelIfUnpaid(orderId);
            if (n == 1) {
                stockMapper.release(order.getSkuId(), order.getQuantity());
            }
        }
    }
}

@Mapper
interface OrderMapper {

    @Select("SELECT id, sku_id, quantity, status FROM oms_order WHERE id = #{id}")
    Order selectById(@Param("id") long id);

    @Update("UPDATE oms_order SET status = 4 WHERE id = #{id} AND status = 0")
    int cancelIfUnpaid(@Param("id") long id);
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
