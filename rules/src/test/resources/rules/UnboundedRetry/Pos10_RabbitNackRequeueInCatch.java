// A manual-ack Rabbit listener nacks with requeue = true on every failure: the broker redelivers the poison message at once, forever.
package com.example.e006.pos10;

import com.rabbitmq.client.Channel;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.rabbit.annotation.RabbitListener;

public class InvoiceListener {
    private final InvoiceService service;

    public InvoiceListener(InvoiceService service) {
        this.service = service;
    }

    @RabbitListener(queues = "invoices", ackMode = "MANUAL")
    public void onMessage(Message message, Channel channel) throws Exception {
        long tag = message.getMessageProperties().getDeliveryTag();
        try {
            service.handle(new String(message.getBody()));
            channel.basicAck(tag, false);
        } catch (Exception e) {
            channel.basicNack(tag, false, true); // expect: IDEM006 "requeue"
        }
    }
}

interface InvoiceService {
    void handle(String body);
}
