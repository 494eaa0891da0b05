package io.idemcheck.runtime;

/**
 * Counters of a {@link TaskWorker} since it was created (immutable snapshot). Every claim ends in exactly one of
 * {@code done}, {@code retryPending}, {@code dead}, {@code lost} or {@code unrecorded}.
 */
public final class WorkerStats {
    private final long batches;
    private final long claimed;
    private final long done;
    private final long retryPending;
    private final long dead;
    private final long lost;
    private final long inDoubt;
    private final long unrecorded;
    private final long errors;
    private final long recovered;

    WorkerStats(long batches, long claimed, long done, long retryPending, long dead, long lost, long inDoubt,
                long unrecorded, long errors, long recovered) {
        this.batches = batches;
        this.claimed = claimed;
        this.done = done;
        this.retryPending = retryPending;
        this.dead = dead;
        this.lost = lost;
        this.inDoubt = inDoubt;
        this.unrecorded = unrecorded;
        this.errors = errors;
        this.recovered = recovered;
    }

    /** @return non-empty batches claimed */
    public long batches() {
        return batches;
    }

    /** @return tasks claimed */
    public long claimed() {
        return claimed;
    }

    /** @return tasks whose effect is recorded and whose row is DONE (completed by this worker) */
    public long done() {
        return done;
    }

    /** @return failed attempts returned to PENDING (below the retry ceiling) */
    public long retryPending() {
        return retryPending;
    }

    /** @return failed attempts at the ceiling: rows now DEAD (dead letters) */
    public long dead() {
        return dead;
    }

    /** @return claims whose lease was lost before they could be completed or failed (another owner is in charge) */
    public long lost() {
        return lost;
    }

    /** @return effects not run because the ledger held the key in doubt or in progress (counted also as failed) */
    public long inDoubt() {
        return inDoubt;
    }

    /**
     * @return claims whose completion or failure could not be written because the database failed; those rows stay
     *         RUNNING until a sweep recovers them (their effects, if recorded, are replayed, not repeated)
     */
    public long unrecorded() {
        return unrecorded;
    }

    /** @return errors caught by the worker loop (database failures, handler bugs), each logged at ERROR */
    public long errors() {
        return errors;
    }

    /** @return rows returned to PENDING or DEAD by the worker's scheduled {@code recoverExpired} */
    public long recovered() {
        return recovered;
    }

    @Override
    public String toString() {
        return "WorkerStats{batches=" + batches + ", claimed=" + claimed + ", done=" + done + ", retryPending="
                + retryPending + ", dead=" + dead + ", lost=" + lost + ", inDoubt=" + inDoubt + ", unrecorded="
                + unrecorded + ", errors=" + errors + ", recovered=" + recovered + "}";
    }
}
