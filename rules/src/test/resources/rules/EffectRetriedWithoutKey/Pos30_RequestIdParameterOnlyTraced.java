// Keys by data flow: TransferClient.transfer has a parameter named requestId, but its body (in the sources) only sends
// it as a trace header (X-Trace-Id); the bank does not dedupe on it, so a retried transfer pays twice. The same for
// a local named requestId passed as a URI variable of the post.
package com.example.e010.pos30;

import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.retry.annotation.Retryable;
import org.springframework.web.client.RestTemplate;

public class Transfers {
    private final TransferClient bank;
    private final RestTemplate rest;

    public Transfers(TransferClient bank, RestTemplate rest) {
        this.bank = bank;
        this.rest = rest;
    }

    @Retryable(maxAttempts = 3)
    public void transfer(Payout payout) {
        bank.transfer(payout, "payout-" + payout.id()); // expect: IDEM010
    }

    @Retryable(maxAttempts = 3)
    public void bill(Payout payout) {
        String requestId = "bill-" + payout.id();
        rest.postForObject("https://bills.example.com/bills?rid={rid}", payout, Void.class, requestId); // expect: IDEM010
    }
}

class TransferClient {
    private final RestTemplate rest;

    TransferClient(RestTemplate rest) {
        this.rest = rest;
    }

    void transfer(Payout payout, String requestId) {
        HttpHeaders headers = new HttpHeaders();
        headers.set("X-Trace-Id", requestId);
        rest.postForObject("https://bank.example.com/transfers", new HttpEntity<>(payout, headers), Void.class);
    }
}

record Payout(long id, String account, long amount) {
}
