// Keys by data flow: Transfers passes "payout-" + id to TransferService.transfer, whose requestId goes on to
// BankClient.post and is sent there as the Idempotency-Key header (two calls down): the bank dedupes the retried
// request. RefundClient.refund puts its parameter into the request as out_refund_no. No finding.
package com.example.e010.neg30;

import java.util.Map;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.retry.annotation.Retryable;
import org.springframework.web.client.RestTemplate;

public class Transfers {
    private final TransferService transfers;
    private final RefundClient refunds;

    public Transfers(TransferService transfers, RefundClient refunds) {
        this.transfers = transfers;
        this.refunds = refunds;
    }

    @Retryable(maxAttempts = 3)
    public void transfer(Payout payout) {
        transfers.transfer(payout, "payout-" + payout.id());
    }

    @Retryable(maxAttempts = 3)
    public void refund(Payout payout) {
        refunds.refund(payout, "RF" + payout.id());
    }
}

class TransferService {
    private final BankClient bank;

    TransferService(BankClient bank) {
        this.bank = bank;
    }

    void transfer(Payout payout, String requestId) {
        bank.post(payout, requestId);
    }
}

class BankClient {
    private final RestTemplate rest;

    BankClient(RestTemplate rest) {
        this.rest = rest;
    }

    void post(Payout payout, String key) {
        HttpHeaders headers = new HttpHeaders();
        headers.set("Idempotency-Key", key);
        rest.postForObject("https://bank.example.com/transfers", new HttpEntity<>(payout, headers), Void.class);
    }
}

class RefundClient {
    private final RestTemplate rest;

    RefundClient(RestTemplate rest) {
        this.rest = rest;
    }

    void refund(Payout payout, String no) {
        rest.postForObject("https://pay.example.com/refunds", Map.of("out_refund_no", no, "amount", payout.amount()),
                Void.class);
    }
}

record Payout(long id, String account, long amount) {
}
