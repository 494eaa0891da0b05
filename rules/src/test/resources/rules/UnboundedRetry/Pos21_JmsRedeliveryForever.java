// The ActiveMQ connection factory redelivers a failing message with no maximum (-1 means forever): a poison message is
// redelivered without end and never reaches the dead-letter queue.
package com.example.e006.pos21;

import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.activemq.RedeliveryPolicy;

public class JmsConfig {
    public ActiveMQConnectionFactory connectionFactory(String url) {
        ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(url);
        RedeliveryPolicy policy = new RedeliveryPolicy();
        policy.setMaximumRedeliveries(-1); // expect: IDEM006 "no ceiling"
        factory.setRedeliveryPolicy(policy);
        return factory;
    }

    public ActiveMQConnectionFactory boundedFactory(String url) {
        ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(url);
        RedeliveryPolicy policy = new RedeliveryPolicy();
        policy.setMaximumRedeliveries(3);
        factory.setRedeliveryPolicy(policy);
        return factory;
    }
}
