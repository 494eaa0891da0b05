// A refund listener hands the refund to the project's wrapper of Alipay's DefaultAlipayClient (a class the SDK ships;
// certificateExecute with a refund request moves money), then records it by setting the log's refunded flag
// (setIsRefunded(true): the is_refunded record column) and saving the log. A crash between the two refunds again when
// the message is redelivered: finding on the wrapper call, whose request is a refund, not a query.
package com.example.pos112;

import com.alipay.api.AlipayRequest;
import com.alipay.api.AlipayResponse;
import com.alipay.api.DefaultAlipayClient;
import com.alipay.api.request.AlipayTradeRefundRequest;
import org.springframework.kafka.annotation.KafkaListener;

public class RefundListener {
    private RefundLogService logs;

    @KafkaListener(topics = "refunds")
    public void onRefund(RefundLog refundLog) throws Exception {
        AlipayTradeRefundRequest request = new AlipayTradeRefundRequest();
        request.setBizContent(refundLog.getOrderSn());
        AlipayGate.doExecute(request); // expect: IDEM001 "moves money"
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
