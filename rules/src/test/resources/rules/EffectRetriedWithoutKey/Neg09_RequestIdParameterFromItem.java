// The transfer takes a requestId derived from the payout: the bank dedupes the retried request.
package com.example.e010.neg09;

import org.springframework.retry.annotation.Retryable;

public class Transfers {
    private final BankApi bank;

    public Transfers(BankApi bank) {
        this.bank = bank;
    }

    @Retryable(maxAttempts = 3)
    public void transfer(Payout payout) {
        bank.transfer(payout.account(), payout.amount(), "payout-" + payout.id());
    }
}

interface BankApi {
    void transfer(String account, long amount, String requestId);
}

record Payout(long id, String account, long amount) {
}
