package io.idemcheck.runtime;

import java.io.PrintStream;

/**
 * Named points in the runtime (and in user code) where a crash test can stop the JVM.
 *
 * <p>In production {@link #hit(String)} is a no-op costing one comparison against a {@code static final} field.
 * A test harness arms exactly one point by starting a child JVM with
 * {@code -Didemcheck.crashpoint=<name>}; when that point is reached the JVM prints the line
 * {@code IDEMCHECK-CRASHPOINT <name>} to {@code System.out}, flushes, and blocks forever so the harness can kill it
 * ({@code SIGKILL}) at exactly that point. The property is read once, when this class is initialised.
 *
 * <p>The runtime hits the points named by the constants of this class.
 */
public final class CrashPoints {

    /** System property that arms one crash point. */
    public static final String PROPERTY = "idemcheck.crashpoint";

    /** Prefix of the line announced on stdout. */
    public static final String ANNOUNCEMENT_PREFIX = "IDEMCHECK-CRASHPOINT ";

    /** {@link TaskClaimer#claim}: the claim is committed, nothing else has happened. */
    public static final String AFTER_CLAIM = "after-claim";
    /** {@link TaskClaimer#claimBatch}: a batch of at least one claim is committed, no effect has run. */
    public static final String AFTER_CLAIM_BATCH = "after-claim-batch";
    /** {@link TaskWorker}: every effect of the batch in hand is recorded in the ledger; {@code completeBatch} not run. */
    public static final String BEFORE_COMPLETE_BATCH = "before-complete-batch";
    /** {@link IdempotencyLedger}: the ledger row is {@code STARTED} (committed for {@code runOnce}), effect not yet run. */
    public static final String AFTER_LEDGER_BEGIN = "after-ledger-begin";
    /** {@link IdempotencyLedger}: the effect returned, its outcome is not recorded yet. */
    public static final String AFTER_EFFECT_BEFORE_RECORD = "after-effect-before-record";
    /** {@link IdempotencyLedger#runOnceInTransaction}: ledger row marked DONE, transaction not committed yet. */
    public static final String AFTER_RECORD_BEFORE_COMMIT = "after-record-before-commit";
    /** {@link IdempotencyLedger}: the DONE record is committed. */
    public static final String AFTER_RECORD_COMMIT = "after-record-commit";
    /** {@link TaskClaimer#complete} (and {@link TaskClaimer#completeBatch}): the task row(s) DONE and committed. */
    public static final String AFTER_COMPLETE = "after-complete";

    private static final String ARMED = System.getProperty(PROPERTY);

    private CrashPoints() {
    }

    /**
     * Marks a crash point. Returns immediately unless {@code -Didemcheck.crashpoint} names this point; then it
     * announces {@code IDEMCHECK-CRASHPOINT <name>} on stdout and never returns (interrupts are ignored).
     *
     * @param name the point's name (see the constants)
     */
    public static void hit(String name) {
        if (ARMED == null || !ARMED.equals(name)) {
            return;
        }
        block(name, System.out);
    }

    /** @return the armed point name, or {@code null} when no point is armed (production) */
    public static String armed() {
        return ARMED;
    }

    @SuppressWarnings("InfiniteLoopStatement")
    private static void block(String name, PrintStream out) {
        synchronized (CrashPoints.class) {
            out.println(ANNOUNCEMENT_PREFIX + name);
            out.flush();
        }
        Object never = new Object();
        while (true) {
            synchronized (never) {
                try {
                    never.wait();
                } catch (InterruptedException ignored) {
                    // keep blocking: the harness kills the JVM here
                }
            }
        }
    }
}
