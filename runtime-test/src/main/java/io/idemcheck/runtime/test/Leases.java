package io.idemcheck.runtime.test;

import io.idemcheck.runtime.RecoveryCounts;
import io.idemcheck.runtime.TaskClaimer;

import java.time.Duration;

/** Recovery helpers for kill-midway tests. All lease arithmetic stays in SQL, on the database clock. */
public final class Leases {
    private Leases() {
    }

    /**
     * Sweeps with {@link TaskClaimer#recoverExpired(Duration)} until at least {@code expected} RUNNING rows were
     * recovered in total (their lease is measured on the database clock, so the first sweeps may find nothing).
     *
     * @param claimer  the claimer of the task table
     * @param lease    the lease to sweep with (short in tests, e.g. 200 ms)
     * @param expected how many rows must come back (0: sweep once and return)
     * @param timeout  how long to keep sweeping
     * @return the total counts
     * @throws AssertionError if fewer than {@code expected} rows were recovered within the timeout
     */
    public static RecoveryCounts awaitRecovery(TaskClaimer claimer, Duration lease, int expected, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        int pending = 0;
        int dead = 0;
        int sweeps = 0;
        long longestMs = 0;
        while (true) {
            long t0 = System.nanoTime();
            RecoveryCounts c = claimer.recoverExpired(lease);
            sweeps++;
            longestMs = Math.max(longestMs, (System.nanoTime() - t0) / 1_000_000);
            pending += c.toPending();
            dead += c.toDead();
            if (pending + dead >= expected) {
                return new RecoveryCounts(pending, dead);
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("recoverExpired(" + lease.toMillis() + " ms) recovered " + (pending + dead)
                        + " of " + expected + " expected rows within " + timeout.toMillis() + " ms (" + sweeps
                        + " sweeps, the longest " + longestMs + " ms: a sweep compares with the database clock read"
                        + " when its statement starts)");
            }
            try {
                Thread.sleep(Math.max(10, Math.min(100, lease.toMillis() / 4)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
        }
    }
}
