package io.idemcheck.runtime;

/**
 * An effect outside the database (HTTP call, message, e-mail, file) run by
 * {@link IdempotencyLedger#runOnce(String, String, Effect)}.
 *
 * <p>The effect receives the idempotency key. Pass it to the downstream system as <em>its</em> idempotency key
 * (e.g. the {@code Idempotency-Key} HTTP header): this closes the crash window between the effect and the
 * ledger's {@code DONE} record, because a retry with the same key is deduplicated downstream.
 */
@FunctionalInterface
public interface Effect {
    /**
     * Performs the effect.
     *
     * @param idempotencyKey the key recorded in the ledger; send it downstream
     * @return the outcome to record and to replay to later callers with the same key (may be {@code null})
     * @throws Exception any failure; the runtime treats a thrown exception as "effect not applied"
     */
    String apply(String idempotencyKey) throws Exception;
}
