package io.idemcheck.runtime;

/**
 * Thrown by {@link IdempotencyLedger} when a key is reused with a different request fingerprint
 * (the equivalent of Stripe's HTTP 409 for a reused idempotency key with different parameters).
 *
 * <p>This always indicates a bug in how the caller derives keys (two different requests mapped to one key);
 * the stored row is left untouched and the effect is not run.
 */
public class IdempotencyConflictException extends RuntimeException {
    /** Serialization version. */
    private static final long serialVersionUID = 1L;
    /** The conflicting key. */
    private final String key;

    /**
     * @param key                 the idempotency key
     * @param storedFingerprint   fingerprint recorded by the first request
     * @param requestFingerprint  fingerprint of this request
     */
    public IdempotencyConflictException(String key, String storedFingerprint, String requestFingerprint) {
        super("idempotency key '" + key + "' was first used with request fingerprint '" + storedFingerprint
                + "' and is now reused with a different fingerprint '" + requestFingerprint + "'");
        this.key = key;
    }

    /** @return the conflicting key */
    public String getKey() {
        return key;
    }
}
