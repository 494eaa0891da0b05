// The twin of Pos112 where the wrapper is handed a query (AlipayTradeFastpayRefundQueryRequest: a refund-status
// query, a read): asking Alipay whether the refund went through moves no money, so a redelivery that asks again is
// harmless. No finding.
package com.example.neg106;

import com.alipay.api.AlipayRequest;
import com.alipay.api.AlipayResponse;
import com.alipay.api.DefaultAlipayClient;
import com.alipay.api.request.AlipayTradeFastpayRefundQueryRequest;
import org.springframework.kafka.annotation.KafkaListener;

public class RefundCheckListener {
    private RefundLogService logs;

    @KafkaListener(topics = "refund-checks")
    public void onCheck(RefundLog refundLog) throws Exception {
        AlipayTradeFastpayRefundQueryRequest request = new AlipayTradeFastpayRefundQueryRequest();
        request.setBizContent(refundLog.getOrderSn());
        AlipayGate.doExecute(request);
        refundLog.setIsRefunded(true);
        logs.save(refundLog);
    }
}

final class AlipayGate {
    static DefaultAlipayClient client;

    static <T extends AlipayResponse> T doExecute(AlipayRequest<T> request) throws Exception {
        return client.certificateExecute(request);
    }
}

interface RefundLogService {
    boolean save(RefundLog log);
}

class RefundLog {
    private String orderSn;
    private boolean isRefunded;

    String getOrderSn() { return orderSn; }
    void setIsRefunded(boolean refunded) { this.isRefunded = refunded; }
}
