// Kafka consumers registered in code (a lambda and a method reference handed to setMessageListener) charge for each record with no key; the container redelivers the record when the consumer throws, as it does for a @KafkaListener.
package com.example.e010.pos16;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.listener.ContainerProperties;
import org.springframework.kafka.listener.MessageListener;

@Configuration
public class ChargeConsumers {
    private final PaymentClient paymentClient;
    private final Ledger ledger;

    public ChargeConsumers(PaymentClient paymentClient, Ledger ledger) {
        this.paymentClient = paymentClient;
        this.ledger = ledger;
    }

    @Bean
    public ContainerProperties chargeContainer() {
        ContainerProperties props = new ContainerProperties("charges");
        props.setMessageListener((MessageListener<String, String>) rec -> {
            paymentClient.charge(rec.key(), Long.parseLong(rec.value())); // expect: IDEM010 "consumer lambda of chargeContainer()"
            ledger.book(rec.key());
        });
        return props;
    }

    @Bean
    public ContainerProperties refundContainer() {
        ContainerProperties props = new ContainerProperties("refunds");
        props.setMessageListener(this::onRefund);
        return props;
    }

    void onRefund(ConsumerRecord<String, String> rec) {
        paymentClient.refund(rec.key(), Long.parseLong(rec.value())); // expect: IDEM010 "redelivers"
        ledger.book(rec.key());
    }
}

interface PaymentClient {
    void charge(String customer, long amount);

    void refund(String customer, long amount);
}

interface Ledger {
    void book(String customer);
}
