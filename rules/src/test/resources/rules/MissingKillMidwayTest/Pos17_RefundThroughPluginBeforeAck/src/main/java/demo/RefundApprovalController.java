package demo;

import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

// The twin of Neg18: the provider's callback approves a refund and refundOrder() then moves the money, recorded
// nowhere before the callback is answered; a re-sent callback refunds again, and no test covers it.
@RestController
@RequestMapping("/payment/refund")
public class RefundApprovalController {
    PaymentPlugins plugins;

    @PostMapping("/callback/{channel}/{orderNo}")
    public void onRefundApproved(@PathVariable String channel, @PathVariable String orderNo) { // expect: IDEM007 "refundOrder"
        PaymentPlugin plugin = plugins.get(channel);
        plugin.refundOrder(orderNo, 100L);
    }
}
