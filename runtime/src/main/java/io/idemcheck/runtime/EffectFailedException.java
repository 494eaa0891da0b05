package io.idemcheck.runtime;

/**
 * Wraps a checked exception thrown by an {@link Effect} or {@link TransactionalEffect}. Unchecked exceptions
 * thrown by an effect are rethrown unchanged.
 *
 * <p>When an effect throws, the runtime treats it as <em>not applied</em>: {@link IdempotencyLedger#runOnce}
 * deletes its {@code STARTED} ledger row (so a later retry runs again with the same key) and
 * {@link IdempotencyLedger#runOnceInTransaction} rolls the whole transaction back.
 */
public class EffectFailedException extends RuntimeException {
    /** Serialization version. */
    private static final long serialVersionUID = 1L;

    /**
     * @param key   the idempotency key whose effect failed
     * @param cause the checked exception thrown by the effect
     */
    public EffectFailedException(String key, Exception cause) {
        super("effect for idempotency key '" + key + "' failed: " + cause, cause);
    }
}
