// The retried lambda runs the charge through the runtime's ledger with a key derived from the task: a retry finds the first outcome.
package com.example.e010.neg06;

import io.idemcheck.runtime.IdempotencyKeys;
import io.idemcheck.runtime.IdempotencyLedger;
import org.springframework.retry.support.RetryTemplate;

public class LedgerCharger {
    private final RetryTemplate retryTemplate;
    private final IdempotencyLedger ledger;
    private final PaymentClient payments;

    public LedgerCharger(RetryTemplate retryTemplate, IdempotencyLedger ledger, PaymentClient payments) {
        this.retryTemplate = retryTemplate;
        this.ledger = ledger;
        this.payments = payments;
    }

    public void charge(Task task) {
        String key = IdempotencyKeys.of("charge", task.id());
        retryTemplate.execute(ctx -> ledger.runOnce(key, "fp", k -> payments.charge(task.userId(), task.amount(), k)));
    }
}

interface PaymentClient {
    String charge(long userId, long amount, String idempotencyKey);
}

record Task(long id, long userId, long amount) {
}
