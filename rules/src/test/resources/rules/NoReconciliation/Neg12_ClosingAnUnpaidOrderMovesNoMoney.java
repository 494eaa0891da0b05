// A job closes each expired unpaid order at the payment provider (WxPayService.closeOrder, the wechatpay-java
// JsapiService/NativePayService closeOrder) and then marks it CLOSED. Closing an order moves no money, and closing an
// order that is already closed is answered "already closed": a restart between the two steps repeats nothing harmful.
// No effect, so nothing to reconcile: no IDEM012 (closeOrder was read as a payment, an effect leaving the database).
package com.example.recneg12;

import com.github.binarywang.wxpay.service.WxPayService;
import com.wechat.pay.java.service.payments.jsapi.JsapiService;
import com.wechat.pay.java.service.payments.jsapi.model.CloseOrderRequest;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class ExpiredOrderCloser {

    private final OrderTaskMapper orders;
    private WxPayService wxPayService;
    private JsapiService jsapiService;

    public ExpiredOrderCloser(OrderTaskMapper orders) {
        this.orders = orders;
    }

    @Scheduled(fixedDelay = 60_000)
    public void closeExpired() throws Exception {
        for (OrderTask t : orders.selectExpired()) {
            wxPayService.closeOrder(t.getOrderNo());
            orders.updateStatus(t.getId(), "CLOSED");
        }
    }

    @Scheduled(fixedDelay = 60_000)
    public void closeExpiredV3() {
        for (OrderTask t : orders.selectExpired()) {
            CloseOrderRequest req = new CloseOrderRequest();
            req.setOutTradeNo(t.getOrderNo());
            jsapiService.closeOrder(req);
            orders.updateStatus(t.getId(), "CLOSED");
        }
    }
}

@Mapper
interface OrderTaskMapper {
    @Select("SELECT id, order_no FROM pay_order WHERE status = 'UNPAID' AND expire_at < NOW()")
    List<OrderTask> selectExpired();

    @Update("UPDATE pay_order SET status = #{s} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("s") String s);
}

class OrderTask {
    private long id;
    private String orderNo;

    public long getId() { return id; }
    public String getOrderNo() { return orderNo; }
}
