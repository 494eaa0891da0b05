// A bounded retry loop sends an Idempotency-Key header derived from the payout id: the server dedupes the retried POST.
package com.example.e010.neg02;

import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.web.client.RestTemplate;

public class PayoutSender {
    private final RestTemplate rest;

    public PayoutSender(RestTemplate rest) {
        this.rest = rest;
    }

    public void send(Payout payout) {
        for (int attempt = 1; attempt <= 3; attempt++) {
            try {
                HttpHeaders headers = new HttpHeaders();
                headers.set("Idempotency-Key", "payout:" + payout.id());
                rest.postForObject("https://bank.example.com/payouts", new HttpEntity<>(payout, headers), String.class);
                return;
            } catch (RuntimeException e) {
                // try again
            }
        }
    }
}

record Payout(long id, long amount) {
}
