package io.idemcheck.runtime;

/**
 * Thrown by {@link TaskClaimer#completeOrThrow(Claim)} and {@link TaskClaimer#heartbeatOrThrow(Claim)} when the
 * fenced {@code UPDATE} changed 0 rows: the task is no longer {@code RUNNING} under this owner and attempt
 * (the lease expired and was recovered, and possibly claimed again by another worker).
 *
 * <p>A worker that receives this must not repeat or "fix up" the effect; the new owner (or the reconciler) is in
 * charge of the task now. The non-throwing methods report the same situation as {@link Outcome#LOST}.
 */
public class LeaseLostException extends RuntimeException {
    /** Serialization version. */
    private static final long serialVersionUID = 1L;
    private final transient Claim claim;

    /**
     * @param claim     the claim that was fenced out
     * @param operation the operation that found the lease lost ("complete", "heartbeat", ...)
     */
    public LeaseLostException(Claim claim, String operation) {
        super("lease lost: " + operation + " of " + claim + " changed 0 rows (task recovered or claimed by another owner)");
        this.claim = claim;
    }

    /** @return the claim that was fenced out */
    public Claim getClaim() {
        return claim;
    }
}
