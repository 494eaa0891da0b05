// The same shape with a MyBatis mapper: the loaded row is a plain object no persistence context writes back, so the setter records nothing and there is no record at all: no finding (the missing write is another problem).
package com.example.neg46;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.springframework.transaction.annotation.Transactional;

public class MapperStatusUpdater {

    private final CardPaymentMapper payments;
    private final CallbackPublisher callbacks;

    public MapperStatusUpdater(CardPaymentMapper payments, CallbackPublisher callbacks) {
        this.payments = payments;
        this.callbacks = callbacks;
    }

    @Transactional
    public void onStatus(String reference, String status) {
        CardPayment payment = payments.selectByReference(reference);
        payment.setPaymentStatus(status);
        callbacks.publish(payment);
    }
}

@Mapper
interface CardPaymentMapper {
    @Select("SELECT * FROM card_payment WHERE reference = #{reference}")
    CardPayment selectByReference(@Param("reference") String reference);
}

interface CallbackPublisher {
    void publish(CardPayment payment);
}

class CardPayment {
    private String paymentStatus;

    public void setPaymentStatus(String s) { this.paymentStatus = s; }
}
