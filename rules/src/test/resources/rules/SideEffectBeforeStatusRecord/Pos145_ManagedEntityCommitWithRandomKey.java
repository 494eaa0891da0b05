// As Pos51, but the callback is published with an Idempotency-Key that holds UUID.randomUUID(): the status reaches the database only at commit, after the publish, and the key differs on every run, so the receiver cannot recognise the repeat: the message says the key changes on every run.
package com.example.pos145;

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
        callbacks.publish(payment, java.util.UUID.randomUUID().toString()); // expect: IDEM001 "it changes on every run (it holds randomUUID"
    }
}

interface CardPaymentRepository extends JpaRepository<CardPayment, Long> {
    Optional<CardPayment> findByReference(String reference);
}

interface CallbackPublisher {
    void publish(CardPayment payment, @org.springframework.web.bind.annotation.RequestHeader("Idempotency-Key") String idempotencyKey);
}

class CardPayment {
    private String paymentStatus;

    public void setPaymentStatus(String s) { this.paymentStatus = s; }
}
