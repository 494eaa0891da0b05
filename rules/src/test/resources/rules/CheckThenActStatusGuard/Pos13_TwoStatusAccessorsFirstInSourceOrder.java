// A guard tests two status columns of the same order, then both are set and the order saved: reported once per guard, naming the accessor that comes first in the condition. The two methods differ only in the order of the two tests, so the choice follows the source, not the order in which a hash set happens to iterate (which changed from run to run).
package com.example.idem004.pos13;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Service;

@Service
public class ShipmentService {

    static final String UNDELIVERED = "UNDELIVERED";
    static final String DELIVERED = "DELIVERED";
    static final String PAID = "PAID";

    private final OrderMapper orderMapper;

    public ShipmentService(OrderMapper orderMapper) {
        this.orderMapper = orderMapper;
    }

    public void ship(long orderId, String trackingNo) {
        Order order = orderMapper.selectById(orderId);
        if (UNDELIVERED.equals(order.getDeliverStatus()) && PAID.equals(order.getOrderStatus())) { // expect: IDEM004 "tests the status order.getDeliverStatus()"
            order.setDeliverStatus(DELIVERED);
            order.setOrderStatus(DELIVERED);
            order.setTrackingNo(trackingNo);
            orderMapper.updateById(order);
        }
    }

    public void shipPaid(long orderId, String trackingNo) {
        Order order = orderMapper.selectById(orderId);
        if (PAID.equals(order.getOrderStatus()) && UNDELIVERED.equals(order.getDeliverStatus())) { // expect: IDEM004 "tests the status order.getOrderStatus()"
            order.setDeliverStatus(DELIVERED);
            order.setOrderStatus(DELIVERED);
            order.setTrackingNo(trackingNo);
            orderMapper.updateById(order);
        }
    }
}

@Mapper
interface OrderMapper {

    @Select("SELECT id, deliver_status, order_status, tracking_no FROM shop_order WHERE id = #{id}")
    Order selectById(@Param("id") long id);

    @Update("UPDATE shop_order SET deliver_status = #{deliverStatus}, order_status = #{orderStatus}, tracking_no = #{trackingNo} WHERE id = #{id}")
    int updateById(Order order);
}

class Order {
    private Long id;
    private String deliverStatus;
    private String orderStatus;
    private String trackingNo;

    public Long getId() { return id; }
    public String getDeliverStatus() { return deliverStatus; }
    public void setDeliverStatus(String s) { this.deliverStatus = s; }
    public String getOrderStatus() { return orderStatus; }
    public void setOrderStatus(String s) { this.orderStatus = s; }
    public String getTrackingNo() { return trackingNo; }
    public void setTrackingNo(String t) { this.trackingNo = t; }
}
