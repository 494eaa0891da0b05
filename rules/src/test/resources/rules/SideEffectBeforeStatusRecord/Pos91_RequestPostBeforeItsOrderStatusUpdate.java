// The twin of Neg91 whose record is a work item's state: a seller ships an order, the courier's waybill is created remotely, then the order is marked SHIPPED. The order stays unshipped if the process dies in between, and shipping it again creates a second waybill: finding on the POST, although the method runs for a request.
package com.example.pos91;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.RestTemplate;

@RestController
public class ShipOrderController {

    private final RestTemplate rest;
    private final OrderMapper orders;

    public ShipOrderController(RestTemplate rest, OrderMapper orders) {
        this.rest = rest;
        this.orders = orders;
    }

    @PostMapping("/orders/{orderNo}/ship")
    public void ship(@PathVariable String orderNo) {
        String waybill = rest.postForObject("https://courier.example.com/waybills", orderNo, String.class); // expect: IDEM001 "orders.markShipped() at line 26"
        orders.markShipped(orderNo, waybill);
    }
}

@Mapper
interface OrderMapper {

    @Update("UPDATE t_order SET status = 'SHIPPED', waybill = #{waybill} WHERE order_no = #{orderNo}")
    int markShipped(@Param("orderNo") String orderNo, @Param("waybill") String waybill);
}
