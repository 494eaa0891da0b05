// A Rabbit listener posts the event to a partner; an exception after the post makes the broker redeliver and the post repeats.
package com.example.e010.pos10;

import org.springframework.amqp.rabbit.annotation.RabbitListener;
import org.springframework.web.client.RestTemplate;

public class PartnerForwarder {
    private final RestTemplate rest;

    public PartnerForwarder(RestTemplate rest) {
        this.rest = rest;
    }

    @RabbitListener(queues = "partner.events")
    public void forward(String payload) {
        rest.postForEntity("https://partner.example.com/events", payload, Void.class); // expect: IDEM010
        if (payload.isEmpty()) {
            throw new IllegalArgumentException("empty");
        }
    }
}
