// A status job calls a @Transactional method that delegates to a private helper (a self-call: it runs inside the caller's transaction). The helper loads the payment through a private finder over a Spring Data repository, sets its new status and publishes the callback; the status reaches the database only when the caller's transaction commits, after the publish: finding on the publish.
package com.example.pos78;

import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.transaction.annotation.Transactional;

public class CardStatusService {

    private final CardPaymentRepository payments;
    private final StatusGateway gateway;
    private final CallbackPublisher callbacks;

    public CardStatusService(CardPaymentRepository payments, StatusGateway gateway, CallbackPublisher callbacks) {
        this.payments = payments;
        this.gateway = gateway;
        this.callbacks = callbacks;
    }

    @Transactional
    public CardPayment refreshWithCallback(String reference) {
        return refresh(reference, true);
    }

    public CardPayment refreshQuietly(String reference) {
        return refresh(reference, false);
    }

    private CardPayment refresh(String reference, boolean callback) {
        CardPayment payment = findSaved(reference);
        String status = gateway.fetchStatus(payment.getExternalReference());
        payment.setPaymentStatus(status);
        if (callback) {
            callbacks.publish(payment); // expect: IDEM001 "refreshWithCallback"
        }
        return payment;
    }

    private CardPayment findSaved(String reference) {
        return payments.findByReference(reference).orElseThrow();
    }
}

interface CardPaymentRepository extends JpaRepository<CardPayment, Long> {
    Optional<CardPayment> findByReference(String reference);
}

interface StatusGateway {
    String fetchStatus(String externalReference);
}

interface CallbackPublisher {
    void publish(CardPayment payment);
}

class CardPayment {
    private String externalReference;
    private String paymentStatus;

    public String getExternalReference() { return externalReference; }
    public void setPaymentStatus(String s) { this.paymentStatus = s; }
}
