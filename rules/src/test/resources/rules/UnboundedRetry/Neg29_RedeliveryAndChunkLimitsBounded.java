// The same settings with finite limits: a few redeliveries, then the dead-letter queue; a fault-tolerant step that
// retries an item three times and then skips it; Camel giving up after five redeliveries.
package com.example.e006.neg29;

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
        policy.setMaximumRedeliveries(4);
        return factory;
    }

    public ActiveMQConnectionFactory fromUri() {
        return new ActiveMQConnectionFactory("failover:(tcp://mq:61616)?jms.redeliveryPolicy.maximumRedeliveries=5");
    }

    public AddressSettings artemisSettings() {
        AddressSettings settings = new AddressSettings();
        settings.setMaxDeliveryAttempts(5);
        return settings;
    }

    @Override
    public void configure() {
        errorHandler(deadLetterChannel("jms:settlements.dlq").maximumRedeliveries(5));
        from("jms:settlements").to("bean:settler");
    }

    public Step settleStep(StepBuilder steps) {
        return steps.<String, String>chunk(50)
                .reader(null)
                .writer(null)
                .faultTolerant()
                .retryLimit(3)
                .retry(Exception.class)
                .skipLimit(10)
                .skip(Exception.class)
                .build();
    }

    public MaxAttemptsRetryPolicy policy() {
        return new MaxAttemptsRetryPolicy(4);
    }
}
