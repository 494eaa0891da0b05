// Consumers registered in code that are safe under redelivery: one swallows the charge's failure (nothing is redelivered), one only reads, and a lambda that is not the consumer (a setup callback) runs once.
package com.example.e010.neg17;

import java.util.function.Consumer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.listener.ContainerProperties;
import org.springframework.kafka.listener.MessageListener;

@Configuration
public class SafeConsumers {
    private final PaymentClient paymentClient;
    private final Ledger ledger;

    public SafeConsumers(PaymentClient paymentClient, Ledger ledger) {
        this.paymentClient = paymentClient;
        this.ledger = ledger;
    }

    @Bean
    public ContainerProperties chargeContainer() {
        ContainerProperties props = new ContainerProperties("charges");
        props.setMessageListener((MessageListener<String, String>) rec -> {
            try {
                paymentClient.charge(rec.key(), Long.parseLong(rec.value()));
            } catch (RuntimeException e) {
                ledger.park(rec.key());
            }
        });
        return props;
    }

    @Bean
    public Consumer<String> balances() {
        return customer -> ledger.balance(customer);
    }
}

interface PaymentClient {
    void charge(String customer, long amount);
}

interface Ledger {
    long balance(String customer);

    void park(String customer);
}
