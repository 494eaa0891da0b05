// Twin of Neg141: the same SDKs' effects, whose names hold no read word (WxPayService.refund, refundV3, entPay; Aliyun SMS sendSms), before the record with no key from the item: a restart between them repeats the effect: findings on each.
package com.example.pos141;

import com.aliyun.dysmsapi20170525.Client;
import com.aliyun.dysmsapi20170525.models.SendSmsRequest;
import com.github.binarywang.wxpay.bean.request.WxPayRefundV3Request;
import com.github.binarywang.wxpay.service.WxPayService;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class RefundPollJob {

    private final RefundTaskMapper tasks;
    private WxPayService wxPayService;
    private Client smsClient;

    public RefundPollJob(RefundTaskMapper tasks) {
        this.tasks = tasks;
    }

    @Scheduled(fixedDelay = 60_000)
    public void refund() throws Exception {
        for (RefundTask t : tasks.selectRefunding()) {
            wxPayService.refund(null); // expect: IDEM001 "refunds again"
            tasks.updateStatus(t.getId(), "REFUNDED");
        }
    }

    @Scheduled(fixedDelay = 60_000)
    public void refundV3() throws Exception {
        for (RefundTask t : tasks.selectRefunding()) {
            wxPayService.refundV3(new WxPayRefundV3Request()); // expect: IDEM001 "refunds again"
            tasks.updateStatus(t.getId(), "REFUNDED");
        }
    }

    @Scheduled(fixedDelay = 60_000)
    public void payOut() throws Exception {
        for (RefundTask t : tasks.selectRefunding()) {
            wxPayService.entPay(null); // expect: IDEM001
            tasks.updateStatus(t.getId(), "PAID_OUT");
        }
    }

    @Scheduled(fixedDelay = 60_000)
    public void notifyPaidOut() throws Exception {
        for (RefundTask t : tasks.selectRefunding()) {
            smsClient.sendSms(new SendSmsRequest()); // expect: IDEM001
            tasks.updateStatus(t.getId(), "NOTIFIED");
        }
    }
}

@Mapper
interface RefundTaskMapper {
    @Select("SELECT id, order_no FROM refund_task WHERE status = 'REFUNDING'")
    List<RefundTask> selectRefunding();

    @Update("UPDATE refund_task SET status = #{s} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("s") String s);
}

class RefundTask {
    private long id;
    private String orderNo;

    public long getId() { return id; }
    public String getOrderNo() { return orderNo; }
}
