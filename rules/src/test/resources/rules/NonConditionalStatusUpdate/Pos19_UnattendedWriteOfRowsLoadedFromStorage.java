// A scheduled job loads a payment by its number and writes EXPIRED back by id with no predicate on the status it
// loaded: a callback that marks it PAID between the load and the write is overwritten. The row was read from storage,
// so the unattended blind write is a transition race.
package com.example.p003.pos19;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

@Component
public class PaymentExpiryJob {

    private PaymentMapper paymentMapper;

    @Scheduled(fixedDelay = 60000)
    public void expire() {
        Payment payment = paymentMapper.selectByPaymentNo("P-1");
        payment.setStatus("EXPIRED");
        paymentMapper.updateById(payment); // expect: IDEM003 "is a job entry point"
    }
}

interface PaymentMapper extends BaseMapper<Payment> {
    Payment selectByPaymentNo(String paymentNo);
}

class Payment {
    private Long id;
    private String status;

    public void setStatus(String status) {
        this.status = status;
    }
}
