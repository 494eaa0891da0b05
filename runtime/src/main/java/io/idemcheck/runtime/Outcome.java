package io.idemcheck.runtime;

/**
 * Result of a fenced update by {@link TaskClaimer}. A lost lease is never silent: it is {@link #LOST} here,
 * logged at WARN, and {@link TaskClaimer#completeOrThrow(Claim)} / {@link TaskClaimer#heartbeatOrThrow(Claim)}
 * turn it into a {@link LeaseLostException}.
 */
public enum Outcome {
    /** The fenced update changed exactly one row (heartbeat recorded, or task marked DONE). */
    OK,
    /** {@code fail}: the row went back to PENDING; attempts remain below the ceiling. */
    RETRY_PENDING,
    /** {@code fail}: the attempt count reached max attempts; the row is now DEAD (the dead-letter state). */
    DEAD,
    /**
     * The fenced update changed 0 rows: the row is no longer RUNNING under this owner and attempt. Usually the lease
     * was recovered (and maybe re-claimed): do not repeat the effect; the current owner or the reconciler is in
     * charge. It is also the answer to a second {@code complete}/{@code fail}/{@code release} of a claim already
     * recorded (nothing changes then). The WARN line reads the row and says which it was (already DONE under this
     * same claim, released, recovered by a sweep, claimed again by another owner and attempt...).
     */
    LOST;

    /** @return {@code true} for {@link #LOST} */
    public boolean isLost() {
        return this == LOST;
    }
}
