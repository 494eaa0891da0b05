// Without a transaction the repository save commits the new status at once, before the publish: the record comes first, so a restart sees the new status: no finding.
package com.example.neg47;

import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;

public class EagerStatusUpdater {

    private final CardPaymentRepository payments;
    private final CallbackPublisher callbacks;

    public EagerStatusUpdater(CardPaymentRepository payments, CallbackPublisher callbacks) {
        this.payments = payments;
        this.callbacks = callbacks;
    }

    public void onStatus(String reference, String status) {
        CardPayment payment = payments.findByReference(reference).orElseThrow();
        payment.setPaymentStatus(status);
        payments.save(payment);
        callbacks.publish(payment);
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
