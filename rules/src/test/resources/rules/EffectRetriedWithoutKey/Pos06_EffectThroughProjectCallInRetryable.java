// The @Retryable method reaches the HTTP charge through a project method; reported at the call in the retried method.
package com.example.e010.pos06;

import java.util.Map;
import org.springframework.retry.annotation.Retryable;
import org.springframework.web.client.RestTemplate;

public class BillingService {
    private final GatewayClient client;

    public BillingService(GatewayClient client) {
        this.client = client;
    }

    @Retryable
    public void bill(Invoice invoice) {
        client.submit(invoice); // expect: IDEM010
    }
}

class GatewayClient {
    private final RestTemplate rest;

    GatewayClient(RestTemplate rest) {
        this.rest = rest;
    }

    void submit(Invoice invoice) {
        rest.postForObject("https://gw.example.com/charges", Map.of("amount", invoice.amount()), String.class);
    }
}

record Invoice(long id, long amount) {
}
