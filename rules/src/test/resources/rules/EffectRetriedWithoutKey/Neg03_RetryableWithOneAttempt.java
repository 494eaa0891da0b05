// maxAttempts = 1 means Spring Retry runs the method once: nothing is retried.
package com.example.e010.neg03;

import java.util.Map;
import org.springframework.retry.annotation.Retryable;
import org.springframework.web.client.RestTemplate;

public class OneShot {
    private final RestTemplate rest;

    public OneShot(RestTemplate rest) {
        this.rest = rest;
    }

    @Retryable(maxAttempts = 1)
    public void charge(long orderId) {
        rest.postForObject("https://pay.example.com/charges", Map.of("order", orderId), String.class);
    }
}
