// A payment request carrying a business number derived from the item (out-trade-no, out-refund-no, merchant order number) is keyed: the provider refuses a second request with the same number, so a restart between the refund and the record refunds once. Builder setters (outTradeNo(..), outRefundNo("RF" + id)), bean setters (setOutRefundNo) and map keys ("out_trade_no") all carry it: no finding.
package com.example.neg111;

import com.alipay.api.AlipayClient;
import com.alipay.api.domain.AlipayTradeRefundModel;
import com.alipay.api.request.AlipayTradeRefundRequest;
import com.github.binarywang.wxpay.bean.request.WxPayRefundRequest;
import com.github.binarywang.wxpay.service.WxPayService;
import com.wechat.pay.java.service.refund.RefundService;
import com.wechat.pay.java.service.refund.model.CreateRequest;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class RefundJob {

    private final RefundTaskMapper tasks;
    private WxPayService wxPayService;
    private RefundService refundService;
    private AlipayClient alipayClient;
    private PayGateway gateway;

    public RefundJob(RefundTaskMapper tasks) {
        this.tasks = tasks;
    }

    @Scheduled(fixedDelay = 60_000)
    public void refundWx() throws Exception {
        for (RefundTask t : tasks.selectApproved()) {
            WxPayRefundRequest req = WxPayRefundRequest.newBuilder().outTradeNo(t.getOrderNo())
                    .outRefundNo("RF" + t.getId()).totalFee(t.getAmount()).refundFee(t.getAmount()).build();
            wxPayService.refund(req);
            tasks.markDone(t.getId());
        }
    }

    @Scheduled(fixedDelay = 60_000)
    public void refundWxV3() {
        for (RefundTask t : tasks.selectApproved()) {
            CreateRequest req = new CreateRequest();
            req.setOutTradeNo(t.getOrderNo());
            req.setOutRefundNo("RF" + t.getId());
            refundService.create(req);
            tasks.markDone(t.getId());
        }
    }

    @Scheduled(fixedDelay = 60_000)
    public void refundAlipay() throws Exception {
        for (RefundTask t : tasks.selectApproved()) {
            AlipayTradeRefundModel model = new AlipayTradeRefundModel();
            model.setOutTradeNo(t.getOrderNo());
            model.setRefundAmount(String.valueOf(t.getAmount()));
            AlipayTradeRefundRequest request = new AlipayTradeRefundRequest();
            request.setBizModel(model);
            alipayClient.execute(request);
            tasks.markDone(t.getId());
        }
    }

    @Scheduled(fixedDelay = 60_000)
    public void refundByMap() {
        for (RefundTask t : tasks.selectApproved()) {
            Map<String, Object> params = new HashMap<>();
            params.put("out_trade_no", t.getOrderNo());
            params.put("refund_fee", t.getAmount());
            gateway.refund(params);
            tasks.markDone(t.getId());
        }
    }
}

interface PayGateway {
    void refund(Map<String, Object> params);
}

@Mapper
interface RefundTaskMapper {
    @Select("SELECT id, order_no, amount FROM refund_task WHERE status = 'APPROVED'")
    List<RefundTask> selectApproved();

    @Update("UPDATE refund_task SET status = 'DONE' WHERE id = #{id}")
    int markDone(@Param("id") long id);
}

class RefundTask {
    private long id;
    private String orderNo;
    private int amount;

    public long getId() { return id; }
    public String getOrderNo() { return orderNo; }
    public int getAmount() { return amount; }
}
