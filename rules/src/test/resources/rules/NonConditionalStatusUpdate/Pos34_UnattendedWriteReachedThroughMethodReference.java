// A scheduled job hands each expired payment to a method by a method reference on a bean field
// (forEach(expirer::expire)); that method writes EXPIRED back by id with no predicate on the status it loaded.
// The write runs unattended: a callback that marks the payment PAID between the load and the write is overwritten.
package com.example.p003.pos34;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import java.util.List;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

@Component
public class PaymentExpiryJob {

    private PaymentMapper paymentMapper;
    private PaymentExpirer expirer;

    @Scheduled(fixedDelay = 60000)
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
        paymentMapper.updateById(payment); // expect: IDEM003 "PaymentExpirer.expire() runs unattended (reachable from a job entry point)"
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
