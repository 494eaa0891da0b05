package io.idemcheck.runtime;

/**
 * Result of {@link IdempotencyLedger#begin(String, String, Object)}: tells the caller whether it must perform the
 * effect now.
 */
public final class BeginResult {

    /** What the caller must do. */
    public enum State {
        /** A new STARTED row was inserted and committed: perform the effect with the key, then {@code markDone}. */
        ACQUIRED,
        /**
         * The key was in doubt and, in {@link RecoveryMode#RETRY_WITH_SAME_KEY}, this caller took it over: perform the
         * effect again with the same key (the downstream must deduplicate on it), then {@code markDone}.
         */
        REACQUIRED,
        /** The outcome is already recorded: do not perform the effect; use {@link #result()}. */
        ALREADY_DONE,
        /** Another caller holds the key and its lease is live: do not perform the effect now. */
        IN_PROGRESS,
        /**
         * A previous attempt died with the key STARTED ({@link RecoveryMode#HOLD_IN_DOUBT}): the effect may or may not
         * have happened. Do not perform it; reconcile (see {@link Reconciler}).
         */
        IN_DOUBT
    }

    private final State state;
    private final String key;
    private final String result;
    private final int attempt;

    BeginResult(State state, String key, String result, int attempt) {
        this.state = state;
        this.key = key;
        this.result = result;
        this.attempt = attempt;
    }

    /** @return what the caller must do */
    public State state() {
        return state;
    }

    /** @return the idempotency key */
    public String key() {
        return key;
    }

    /** @return the recorded outcome when {@link State#ALREADY_DONE}, otherwise {@code null} */
    public String result() {
        return result;
    }

    /** @return the ledger row's attempt counter as seen by this call (1 for a fresh key) */
    public int attempt() {
        return attempt;
    }

    /** @return true for {@link State#ACQUIRED} and {@link State#REACQUIRED}: the caller must run the effect */
    public boolean mustRunEffect() {
        return state == State.ACQUIRED || state == State.REACQUIRED;
    }

    @Override
    public String toString() {
        return "BeginResult{" + state + ", key=" + key + ", attempt=" + attempt + "}";
    }
}
