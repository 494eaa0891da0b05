// A Spring Retry @Retryable capture posts to the payment gateway with no idempotency key: a timeout after the capture went through makes the retry capture again.
package com.example.e010.pos01;

import java.util.Map;
import org.springframework.retry.annotation.Retryable;
import org.springframework.stereotype.Service;
import org.springframework.web.client.RestTemplate;

@Service
public class CaptureService {
    private final RestTemplate restTemplate;

    public CaptureService(RestTemplate restTemplate) {
        this.restTemplate = restTemplate;
    }

    @Retryable(maxAttempts = 4)
    public void capture(Long orderId, long cents) {
        restTemplate.postForObject("https://pay.example.com/v1/captures", Map.of("order", orderId, "amount", cents), Void.class); // expect: IDEM010 "@Retryable"
    }
}
