package io.idemcheck.runtime;

/**
 * Counters of a {@link TaskWorker} since it was created (immutable snapshot). Every claim ends in exactly one of
 * {@code done}, {@code retryPending}, {@code dead}, {@code released}, {@code lost} or {@code unrecorded}, so
 * {@code claimed == done + retryPending + dead + released + lost + unrecorded} once the worker has stopped.
 * {@code inDoubt} and {@code inProgress} say why some of them were failed or released; {@code errors} counts faults
 * (each logged at ERROR), not claims; {@code handlerErrors} counts handler bugs (each logged at ERROR), one per claim.
 */
public final class WorkerStats {
    private final long batches;
    private final long claimed;
    private final long done;
    private final long retryPending;
    private final long dead;
    private final long released;
    private final long lost;
    private final long inDoubt;
    private final long inProgress;
    private final long unrecorded;
    private final long errors;
    private final long handlerErrors;
    private final long recovered;
    private final long recoveredToDead;
    private final long sweepFailures;

    WorkerStats(long batches, long claimed, long done, long retryPending, long dead, long released, long lost,
                long inDoubt, long inProgress, long unrecorded, long errors, long handlerErrors, long recovered,
                long recoveredToDead, long sweepFailures) {
        this.batches = batches;
        this.claimed = claimed;
        this.done = done;
        this.retryPending = retryPending;
        this.dead = dead;
        this.released = released;
        this.lost = lost;
        this.inDoubt = inDoubt;
        this.inProgress = inProgress;
        this.unrecorded = unrecorded;
        this.errors = errors;
        this.handlerErrors = handlerErrors;
        this.recovered = recovered;
        this.recoveredToDead = recoveredToDead;
        this.sweepFailures = sweepFailures;
    }

    /** @return non-empty batches claimed */
    public long batches() {
        return batches;
    }

    /** @return tasks claimed (a task claimed again after a release or a failure counts again) */
    public long claimed() {
        return claimed;
    }

    /** @return tasks whose effect is recorded and whose row is DONE (completed by this worker) */
    public long done() {
        return done;
    }

    /** @return failed attempts returned to PENDING (below the retry ceiling; the attempt is used) */
    public long retryPending() {
        return retryPending;
    }

    /** @return failed attempts at the ceiling: rows now DEAD (dead letters) */
    public long dead() {
        return dead;
    }

    /**
     * @return claims given back to PENDING without using their attempt ({@link TaskClaimer#releaseBatch}): the
     *         ledger answered {@code IN_PROGRESS}, a database or configuration fault stopped the batch, or the worker
     *         was stopping before their effect started
     */
    public long released() {
        return released;
    }

    /**
     * @return claims whose lease was lost before they could be completed, failed or released (another owner or a
     *         sweep is in charge; a second complete of one claim also lands here)
     */
    public long lost() {
        return lost;
    }

    /**
     * @return claims failed because the ledger held their key in doubt ({@code IN_DOUBT}: STARTED past the ledger
     *         lease, {@link RecoveryMode#HOLD_IN_DOUBT}); each is also counted in {@code retryPending} or {@code dead}
     */
    public long inDoubt() {
        return inDoubt;
    }

    /**
     * @return claims released because the ledger answered {@code IN_PROGRESS} (the key is STARTED within the ledger
     *         lease by another caller); each is also counted in {@code released} (or {@code lost}/{@code unrecorded}
     *         if the release did not go through)
     */
    public long inProgress() {
        return inProgress;
    }

    /**
     * @return claims whose completion, failure and release could not be written because the database failed; those
     *         rows stay RUNNING until a sweep recovers them (their effects, if recorded, are replayed, not repeated)
     */
    public long unrecorded() {
        return unrecorded;
    }

    /**
     * @return faults caught by the worker (database or configuration faults of the loop, the heartbeat or the
     *         scheduled sweep), each logged at ERROR; 0 for a clean run. Handler bugs are {@link #handlerErrors()}
     */
    public long errors() {
        return errors;
    }

    /**
     * @return bugs in the {@link TaskHandler}, one per claim, each logged at ERROR with the task id and stack trace:
     *         {@code prepare} returned null or threw anything but a database error, the effect threw an
     *         {@link Error}, or the key or fingerprint was wrong for the task ({@link IdempotencyConflictException},
     *         an invalid key). Each such claim is failed (counted in {@code retryPending} or {@code dead}); 0 for a
     *         clean run. An effect's own exception (the downstream said no) is not counted here
     */
    public long handlerErrors() {
        return handlerErrors;
    }

    /** @return {@code errors() + handlerErrors()}: what a batch job checks before it reports success */
    public long allErrors() {
        return errors + handlerErrors;
    }

    /**
     * @return rows of other (crashed or frozen) owners returned to PENDING or moved to DEAD by this worker's sweeps
     *         ({@code recoverExpired}: the start-up sweep of {@link TaskWorker#runUntilIdle()} and
     *         {@link TaskWorker#start()} and the scheduled ones); not claims of this worker, so not part of
     *         {@code claimed}. Of these, {@link #recoveredToDead()} went to DEAD; 0: no expired lease was found
     */
    public long recovered() {
        return recovered;
    }

    /**
     * @return the part of {@link #recovered()} that a sweep moved to DEAD (the lease expired at the retry ceiling):
     *         dead letters made by this worker's sweeps, to reconcile like {@link #dead()}, but not counted in
     *         {@code dead()}, which counts this worker's own claims. {@code dead() + recoveredToDead()} is every row
     *         this worker sent to DEAD
     */
    public long recoveredToDead() {
        return recoveredToDead;
    }

    /**
     * @return sweeps ({@code recoverExpired}) that failed with a database error, each logged at ERROR and also
     *         counted in {@link #errors()}; the worker kept claiming. 0: every sweep finished. A row held by another
     *         transaction is skipped by the sweep, not a failure
     */
    public long sweepFailures() {
        return sweepFailures;
    }

    @Override
    public String toString() {
        return "WorkerStats{batches=" + batches + ", claimed=" + claimed + ", done=" + done + ", retryPending="
                + retryPending + ", dead=" + dead + ", released=" + released + ", lost=" + lost + ", inDoubt="
                + inDoubt + ", inProgress=" + inProgress + ", unrecorded=" + unrecorded + ", errors=" + errors
                + ", handlerErrors=" + handlerErrors + ", recovered=" + recovered + ", recoveredToDead=" + recoveredToDead
                + ", sweepFailures=" + sweepFailures + "}";
    }
}
