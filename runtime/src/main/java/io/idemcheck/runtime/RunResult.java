package io.idemcheck.runtime;

/**
 * Result of {@link IdempotencyLedger#runOnce} and {@link IdempotencyLedger#runOnceInTransaction}. The runtime never
 * reports an effect as done unless its outcome is recorded in the ledger: {@link #isDone()} is true only when a DONE
 * row exists for the key.
 */
public final class RunResult {

    /** What happened. */
    public enum State {
        /** The effect ran in this call and its outcome is recorded (DONE). */
        EXECUTED,
        /** The key was in doubt; in {@link RecoveryMode#RETRY_WITH_SAME_KEY} the effect ran again with the same key and is recorded. */
        RETRIED,
        /** The outcome was already recorded; the effect did not run; {@link #result()} is the stored outcome. */
        REPLAYED,
        /** Another caller holds the key within its lease; the effect did not run. */
        IN_PROGRESS,
        /** A previous attempt died; held for reconciliation ({@link RecoveryMode#HOLD_IN_DOUBT}); the effect did not run. */
        IN_DOUBT
    }

    private final State state;
    private final String key;
    private final String result;

    RunResult(State state, String key, String result) {
        this.state = state;
        this.key = key;
        this.result = result;
    }

    /** @return what happened */
    public State state() {
        return state;
    }

    /** @return the idempotency key */
    public String key() {
        return key;
    }

    /** @return the recorded outcome for EXECUTED, RETRIED and REPLAYED, else {@code null} */
    public String result() {
        return result;
    }

    /** @return true when the outcome is recorded as DONE (EXECUTED, RETRIED or REPLAYED): safe to complete the task */
    public boolean isDone() {
        return state == State.EXECUTED || state == State.RETRIED || state == State.REPLAYED;
    }

    @Override
    public String toString() {
        return "RunResult{" + state + ", key=" + key + ", result=" + result + "}";
    }
}
