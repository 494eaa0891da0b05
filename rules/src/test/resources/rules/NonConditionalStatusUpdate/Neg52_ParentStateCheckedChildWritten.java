// The order's state is checked, then its item is shipped by the item's id taken from the order: the SELECT reads
// shop_order, the UPDATE writes shop_order_item; the check is no guard of the written row, and nothing unattended
// runs the write; no finding.
package com.example.n003.neg52;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Service;

@Service
public class ShipService {

    private final OrderMapper orderMapper;

    public ShipService(OrderMapper orderMapper) {
        this.orderMapper = orderMapper;
    }

    public void ship(long orderId) {
        Order order = orderMapper.selectOrder(orderId);
        if ("PAID".equals(order.getStatus())) {
            orderMapper.shipItem(order.getItemId());
        }
    }
}

@Mapper
interface OrderMapper {

    @Select("SELECT id, status, item_id FROM shop_order WHERE id = #{id}")
    Order selectOrder(@Param("id") long id);

    @Update("UPDATE shop_order_item SET status = 'SHIPPED' WHERE id = #{id}")
    int shipItem(@Param("id") long id);
}

class Order {
    private String status;
    private long itemId;

    public String getStatus() { return status; }
    public long getItemId() { return itemId; }
}
