package demo;

import javax.servlet.http.HttpServletRequest;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

// The payment provider calls back to say a refund went through; refundNotify() receives that notice (it is named for
// what it receives, not for what it does) and refunds nothing, so a re-sent notice repeats no refund: no finding.
@RestController
@RequestMapping("/payment/refund")
public class RefundNoticeController {
    PaymentPlugins plugins;

    @PostMapping("/notify/{channel}")
    public void onRefundNotice(HttpServletRequest request, @PathVariable String channel) {
        PaymentPlugin plugin = plugins.get(channel);
        plugin.refundNotify(request);
    }
}
