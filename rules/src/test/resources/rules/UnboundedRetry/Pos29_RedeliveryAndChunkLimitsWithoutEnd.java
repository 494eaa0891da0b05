// Redelivery and retry limits that are no limit: ActiveMQ's NO_MAXIMUM_REDELIVERIES constant (-1), a connection URI
// asking for endless redelivery, Artemis address settings and Camel redelivery at -1 (forever in both), a Spring Batch
// fault-tolerant step retrying each item Integer.MAX_VALUE times, and Spring Retry's MaxAttemptsRetryPolicy.
package com.example.e006.pos29;

import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.activemq.RedeliveryPolicy;
import org.apache.activemq.artemis.core.settings.impl.AddressSettings;
import org.apache.camel.builder.RouteBuilder;
import org.springframework.batch.core.Step;
import org.springframework.batch.core.step.builder.StepBuilder;
import org.springframework.retry.policy.MaxAttemptsRetryPolicy;

public class BrokerAndBatchConfig extends RouteBuilder {

    public ActiveMQConnectionFactory connectionFactory() {
        ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory("tcp://mq:61616");
        RedeliveryPolicy policy = factory.getRedeliveryPolicy();
        policy.setMaximumRedeliveries(RedeliveryPolicy.NO_MAXIMUM_REDELIVERIES); // expect: IDEM006 "no ceiling"
        return factory;
    }

    public ActiveMQConnectionFactory fromUri() {
        return new ActiveMQConnectionFactory("failover:(tcp://mq:61616)?jms.redeliveryPolicy.maximumRedeliveries=-1"); // expect: IDEM006 "maximumRedeliveries=-1"
    }

    public AddressSettings artemisSettings() {
        AddressSettings settings = new AddressSettings();
        settings.setMaxDeliveryAttempts(-1); // expect: IDEM006
        return settings;
    }

    @Override
    public void configure() {
        errorHandler(defaultErrorHandler().maximumRedeliveries(-1)); // expect: IDEM006
        from("jms:settlements").to("bean:settler");
    }

    public Step settleStep(StepBuilder steps) {
        return steps.<String, String>chunk(50)
                .reader(null)
                .writer(null)
                .faultTolerant()
                .retryLimit(Integer.MAX_VALUE) // expect: IDEM006 "retryLimit"
                .retry(Exception.class)
                .build();
    }

    public MaxAttemptsRetryPolicy policy() {
        return new MaxAttemptsRetryPolicy(Integer.MAX_VALUE); // expect: IDEM006
    }
}
