// The same write reached through a method reference, but only from a GET handler a user calls for a page of
// payments: nothing unattended runs it and the status was not read in the handler itself; no finding.
package com.example.p003.neg55;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import java.util.List;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

@Component
public class PaymentExpiryJob {

    private PaymentMapper paymentMapper;
    private PaymentExpirer expirer;

    @org.springframework.web.bind.annotation.GetMapping("/payments/expired")
    public void expire() {
        paymentMapper.selectByPaymentNos(List.of("P-1", "P-2")).forEach(expirer::expire);
    }
}

@Component
class PaymentExpirer {

    private PaymentMapper paymentMapper;

    void expire(Payment p) {
        Payment payment = paymentMapper.selectByPaymentNo(p.getPaymentNo());
        payment.setStatus("EXPIRED");
        paymentMapper.updateById(payment);
    }
}

interface PaymentMapper extends BaseMapper<Payment> {
    Payment selectByPaymentNo(String paymentNo);

    List<Payment> selectByPaymentNos(List<String> paymentNos);
}

class Payment {
    private Long id;
    private String status;
    private String paymentNo;

    public String getPaymentNo() {
        return paymentNo;
    }

    public void setStatus(String status) {
        this.status = status;
    }
}
