// A Spring Cloud Stream consumer bean charges for each message with no key; the binder redelivers the message when the consumer throws.
package com.example.e010.pos17;

import java.util.function.Consumer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration
public class PayoutStreams {
    private final PaymentClient paymentClient;
    private final Ledger ledger;

    public PayoutStreams(PaymentClient paymentClient, Ledger ledger) {
        this.paymentClient = paymentClient;
        this.ledger = ledger;
    }

    @Bean
    public Consumer<Payout> payouts() {
        return p -> {
            paymentClient.charge(p.customerId(), p.amount()); // expect: IDEM010 "consumer lambda of payouts()"
            ledger.book(p.id());
        };
    }
}

interface PaymentClient {
    void charge(long customerId, long amount);
}

interface Ledger {
    void book(long id);
}

record Payout(long id, long customerId, long amount) {
}
