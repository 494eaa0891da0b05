package io.idemcheck.runtime;

/**
 * What a {@link TaskWorker} does with one claimed task: read the task's data and return its idempotency key, request
 * fingerprint and effect. The worker then runs the effect through the {@link IdempotencyLedger} with that key.
 *
 * <p>Called on a worker thread, once per claim, with the claim's lease held. Must not complete or fail the claim
 * itself: the worker does that for the whole batch.
 */
@FunctionalInterface
public interface TaskHandler {
    /**
     * @param claim the claimed task (its {@link Claim#id()} identifies the row)
     * @return the key, fingerprint and effect for this task (never {@code null})
     * @throws Exception when the task cannot be prepared (e.g. its data is missing); the worker records it as a
     *                   failed attempt ({@link TaskClaimer#failBatch}) without running any effect. A database error
     *                   (an {@link java.sql.SQLException} or {@link IdemcheckDataAccessException} anywhere in the
     *                   cause chain) is a fault instead, not the task's: the claim and the rest of the batch are
     *                   released without using their attempts, logged at ERROR, and the worker backs off
     */
    TaskWork prepare(Claim claim) throws Exception;
}
