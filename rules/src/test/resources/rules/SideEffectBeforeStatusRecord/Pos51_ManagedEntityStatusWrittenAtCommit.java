// A webhook handler loads the payment through a Spring Data repository inside a transaction, sets its new status, then publishes the callback; the status reaches the database only at commit, after the publish, so a failed commit or a crash re-runs the publish: finding on the callback.
package com.example.pos51;

import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.transaction.annotation.Transactional;

public class CardStatusUpdater {

    private final CardPaymentRepository payments;
    private final CallbackPublisher callbacks;

    public CardStatusUpdater(CardPaymentRepository payments, CallbackPublisher callbacks) {
        this.payments = payments;
        this.callbacks = callbacks;
    }

    @Transactional
    public void onStatus(String reference, String status) {
        CardPayment payment = payments.findByReference(reference).orElseThrow();
        payment.setPaymentStatus(status);
        callbacks.publish(payment); // expect: IDEM001 "written only when the transaction commits"
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
