package io.idemcheck.runtime;

/**
 * What {@link IdempotencyLedger} does with a key whose attempt died: the ledger row is {@code STARTED} and its lease
 * (see {@link IdempotencyLedger.Builder#lease(java.time.Duration)}) has expired, so nobody knows whether the effect
 * happened.
 */
public enum RecoveryMode {
    /**
     * Default. Report the key as {@link RunResult.State#IN_DOUBT} and do NOT repeat the effect; a human or a
     * reconciliation job checks the downstream system ({@link Reconciler} lists these keys). Use this when the
     * downstream cannot deduplicate on the key.
     */
    HOLD_IN_DOUBT,
    /**
     * Take the key over (a conditional {@code UPDATE} fenced on the ledger row's attempt counter, so only one caller
     * wins) and repeat the effect, passing the <em>same</em> key. Only correct for downstreams that deduplicate on
     * the key (Stripe-style idempotency keys, an insert-if-absent sink).
     */
    RETRY_WITH_SAME_KEY
}
