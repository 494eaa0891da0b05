// A job polls the payment provider for the state of each refund or transfer (WxPayService.refundQuery, refundQueryV2, refundQueryV3, entPayQuery; Aliyun SMS querySendDetails) and then records what it learnt: a query asks and moves nothing, though its name starts with refund or entPay: no finding.
package com.example.neg141;

import com.aliyun.dysmsapi20170525.Client;
import com.aliyun.dysmsapi20170525.models.QuerySendDetailsRequest;
import com.github.binarywang.wxpay.bean.request.WxPayRefundQueryV3Request;
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
    public void poll() throws Exception {
        for (RefundTask t : tasks.selectRefunding()) {
            wxPayService.refundQuery(null, t.getOrderNo(), null, null);
            tasks.updateStatus(t.getId(), "REFUNDED");
        }
    }

    @Scheduled(fixedDelay = 60_000)
    public void pollV2AndV3() throws Exception {
        for (RefundTask t : tasks.selectRefunding()) {
            wxPayService.refundQueryV2(null, t.getOrderNo(), null, null);
            WxPayRefundQueryV3Request req = new WxPayRefundQueryV3Request();
            req.setOutRefundNo(t.getOrderNo());
            wxPayService.refundQueryV3(req);
            tasks.updateStatus(t.getId(), "REFUNDED");
        }
    }

    @Scheduled(fixedDelay = 60_000)
    public void pollTransfers() throws Exception {
        for (RefundTask t : tasks.selectRefunding()) {
            wxPayService.entPayQuery(t.getOrderNo());
            smsClient.querySendDetails(new QuerySendDetailsRequest());
            tasks.updateStatus(t.getId(), "PAID_OUT");
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
