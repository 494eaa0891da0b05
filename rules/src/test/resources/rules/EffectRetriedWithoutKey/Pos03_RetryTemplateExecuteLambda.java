// RetryTemplate.execute runs the lambda again when it throws; the Kafka-less HTTP notification inside has no key.
package com.example.e010.pos03;

import java.util.Map;
import org.springframework.retry.support.RetryTemplate;
import org.springframework.web.client.RestTemplate;

public class Notifier {
    private final RetryTemplate retryTemplate;
    private final RestTemplate rest;

    public Notifier(RetryTemplate retryTemplate, RestTemplate rest) {
        this.retryTemplate = retryTemplate;
        this.rest = rest;
    }

    public void notifyShipped(Long orderId) {
        retryTemplate.execute(ctx -> rest.postForObject("https://partner.example.com/shipped", Map.of("order", orderId), String.class)); // expect: IDEM010
    }
}
