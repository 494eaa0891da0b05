package demo;

import javax.servlet.http.HttpServletRequest;

public interface PaymentPlugin {
    void refundNotify(HttpServletRequest request);

    void refundOrder(String orderNo, long amount);
}

class CardPlugin implements PaymentPlugin {
    com.acme.provider.NoticeParser parser;
    RefundLogMapper refundLogs;

    @Override
    public void refundNotify(HttpServletRequest request) {
        String refundNo = parser.parseRefundNo(request);
        refundLogs.markRefunded(refundNo);
    }

    @Override
    public void refundOrder(String orderNo, long amount) {
        parser.submitRefund(orderNo, amount);
    }
}

class WalletPlugin implements PaymentPlugin {
    @Override
    public void refundNotify(HttpServletRequest request) {
        // nothing to do for this channel
    }

    @Override
    public void refundOrder(String orderNo, long amount) {
    }
}

interface PaymentPlugins {
    PaymentPlugin get(String channel);
}

@org.apache.ibatis.annotations.Mapper
interface RefundLogMapper {
    @org.apache.ibatis.annotations.Update("UPDATE refund_log SET status = 'REFUNDED' WHERE refund_no = #{refundNo}")
    int markRefunded(String refundNo);
}
