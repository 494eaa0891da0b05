// The same private helper, but no caller declares a transaction: the status set on the loaded entity is never written at a later commit (it is not saved at all), so no record follows the publish in a caller's transaction, and the helper is not reported for one.
package com.example.neg78;

import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;

public class CardStatusService {

    private final CardPaymentRepository payments;
    private final CallbackPublisher callbacks;

    public CardStatusService(CardPaymentRepository payments, CallbackPublisher callbacks) {
        this.payments = payments;
        this.callbacks = callbacks;
    }

    public CardPayment refreshWithCallback(String reference, String status) {
        return refresh(reference, status);
    }

    private CardPayment refresh(String reference, String status) {
        CardPayment payment = findSaved(reference);
        payment.setPaymentStatus(status);
        callbacks.publish(payment);
        return payment;
    }

    private CardPayment findSaved(String reference) {
        return payments.findByReference(reference).orElseThrow();
    }
}

interface CardPaymentRepository extends JpaRepository<CardPayment, Long> {
    Optional<CardPayment> findByReference(String reference);
}

interface CallbackPublisher {
    void publish(CardPayment payment);
}

class CardPayment {
    private String paymentStatus;

    public void setPaymentStatus(String s) { this.paymentStatus = s; }
}
