// Resilience4j Retry.decorateSupplier retries the transfer call; the transfer has no key derived from the payout.
package com.example.e010.pos04;

import io.github.resilience4j.retry.Retry;
import java.util.function.Supplier;

public class PayoutService {
    private final Retry retry;
    private final BankClient bank;

    public PayoutService(Retry retry, BankClient bank) {
        this.retry = retry;
        this.bank = bank;
    }

    public String payout(Payout p) {
        Supplier<String> s = Retry.decorateSupplier(retry, () -> bank.transfer(p.account(), p.amount())); // expect: IDEM010
        return s.get();
    }
}

interface BankClient {
    String transfer(String account, long amount);
}

record Payout(long id, String account, long amount) {
}
