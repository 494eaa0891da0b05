package io.idemcheck.runtime;

import java.util.Objects;

/**
 * One task's work as returned by {@link TaskHandler#prepare(Claim)}: the idempotency key the ledger records (and the
 * effect should send downstream), the request fingerprint, and the effect. Immutable.
 */
public final class TaskWork {
    private final String key;
    private final String fingerprint;
    private final Effect effect;

    private TaskWork(String key, String fingerprint, Effect effect) {
        this.key = Objects.requireNonNull(key, "key");
        this.fingerprint = Objects.requireNonNull(fingerprint, "fingerprint");
        this.effect = Objects.requireNonNull(effect, "effect");
    }

    /**
     * @param key         the idempotency key, e.g. {@code IdempotencyKeys.of("charge", id, bizDate)}
     * @param fingerprint what the request does, e.g. {@code IdempotencyKeys.fingerprint(currency, amount)}
     * @param effect      the effect; it receives the key
     * @return the work
     * @throws NullPointerException if an argument is null
     */
    public static TaskWork of(String key, String fingerprint, Effect effect) {
        return new TaskWork(key, fingerprint, effect);
    }

    /** @return the idempotency key */
    public String key() {
        return key;
    }

    /** @return the request fingerprint */
    public String fingerprint() {
        return fingerprint;
    }

    /** @return the effect */
    public Effect effect() {
        return effect;
    }
}
