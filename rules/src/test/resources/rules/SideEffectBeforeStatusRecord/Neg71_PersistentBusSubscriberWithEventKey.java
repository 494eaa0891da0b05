// The persistent-bus subscriber sends the event's own id as the Idempotency-Key header: a redelivery is deduped downstream, so no finding; its read (a GET) is no effect either.
package com.example.neg71;

import org.killbill.commons.eventbus.Subscribe;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.web.client.RestTemplate;

public class LedgerForwarder {

    private final RestTemplate rest;

    public LedgerForwarder(RestTemplate rest) {
        this.rest = rest;
    }

    @Subscribe
    public void onPayment(PaymentEvent event) {
        String current = rest.getForObject("https://ledger.example.com/accounts/" + event.accountId(), String.class);
        HttpHeaders headers = new HttpHeaders();
        headers.set("Idempotency-Key", event.eventId());
        rest.postForEntity("https://ledger.example.com/entries", new HttpEntity<>(current, headers), Void.class);
    }
}

record PaymentEvent(String eventId, String accountId) {
}
