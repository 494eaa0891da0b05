package io.idemcheck.runtime.test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Runs jobs in child JVMs and kills them midway. Owns every child it starts: {@link #close()} kills those still
 * running (use try-with-resources, or let {@link KillMidwayExtension} close it after each test).
 *
 * <pre>{@code
 * try (KillMidwayHarness h = new KillMidwayHarness()) {
 *     KillMidwayRun run = h.killMidway(JobSpec.of(NoonJobMain.class).withArgs(url), "after-charge",
 *             crashed -> claimer.recoverExpired(Duration.ofMillis(200)));
 *     assertThat(run.restartExitCode()).isZero();
 * }
 * }</pre>
 */
public final class KillMidwayHarness implements AutoCloseable {
    /** Default timeout of every wait (reaching the crash point, exiting). */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);

    private final Duration timeout;
    private final List<ChildJvm> children = new ArrayList<>();
    private int seq;

    /** A harness with {@link #DEFAULT_TIMEOUT}. */
    public KillMidwayHarness() {
        this(DEFAULT_TIMEOUT);
    }

    /**
     * @param timeout timeout of every wait
     */
    public KillMidwayHarness(Duration timeout) {
        this.timeout = Objects.requireNonNull(timeout, "timeout");
    }

    /** @return the timeout of every wait */
    public Duration timeout() {
        return timeout;
    }

    /**
     * Starts a child and returns at once (for scenarios the other methods do not cover: pausing, several workers).
     *
     * @param name a short name for messages
     * @param spec what to run
     * @return the running child, owned by this harness
     */
    public synchronized ChildJvm start(String name, JobSpec spec) {
        ChildJvm c = ChildJvm.start(name + "#" + (++seq), spec);
        children.add(c);
        return c;
    }

    /**
     * Runs a child to completion.
     *
     * @param spec what to run
     * @return its result
     * @throws AssertionError if it does not exit within the timeout
     */
    public ChildResult run(JobSpec spec) {
        return start("run", spec).awaitExit(timeout);
    }

    /**
     * Starts the job with {@code crashPoint} armed, waits until it announces the point (where it blocks), and kills
     * it with SIGKILL.
     *
     * @param spec       what to run (its own crash point, if any, is replaced)
     * @param crashPoint the point to kill it at
     * @return the killed child
     * @throws AssertionError if the child exits without reaching the point, or the timeout passes
     */
    public ChildResult crashAt(JobSpec spec, String crashPoint) {
        Objects.requireNonNull(crashPoint, "crashPoint");
        ChildJvm c = start("crash@" + crashPoint, spec.withCrashPoint(crashPoint));
        c.awaitCrashPoint(crashPoint, timeout);
        ChildResult r = c.kill();
        if (!r.killed()) {
            throw new AssertionError("child exited by itself at the crash point instead of being killed; "
                    + r.describe());
        }
        return r;
    }

    /**
     * The whole scenario: kill at {@code crashPoint}, run {@code recovery}, restart without a crash point and wait
     * for the restarted child to exit.
     *
     * @param spec       what to run (the same spec is used for the restart, without crash point)
     * @param crashPoint where to kill the first child
     * @param recovery   what to run between kill and restart ({@link Recovery#NONE} for nothing)
     * @return the run
     * @throws Exception whatever the recovery throws
     */
    public KillMidwayRun killMidway(JobSpec spec, String crashPoint, Recovery recovery) throws Exception {
        return killMidway(spec, crashPoint, recovery, true);
    }

    /**
     * {@link #killMidway(JobSpec, String, Recovery)} with the restart optional.
     *
     * @param spec       what to run
     * @param crashPoint where to kill the first child
     * @param recovery   what to run after the kill
     * @param restart    whether to restart the job afterwards
     * @return the run
     * @throws Exception whatever the recovery throws
     */
    public KillMidwayRun killMidway(JobSpec spec, String crashPoint, Recovery recovery, boolean restart)
            throws Exception {
        long t0 = System.nanoTime();
        ChildResult crashed = crashAt(spec, crashPoint);
        boolean recovered = false;
        if (recovery != null && recovery != Recovery.NONE) {
            recovery.recover(crashed);
            recovered = true;
        }
        ChildResult restarted = null;
        if (restart) {
            restarted = start("restart", spec.withCrashPoint(null)).awaitExit(timeout);
        }
        return new KillMidwayRun(crashPoint, crashed, recovered, restarted, Duration.ofNanos(System.nanoTime() - t0));
    }

    /** Kills every child of this harness that is still running. */
    @Override
    public synchronized void close() {
        RuntimeException first = null;
        for (ChildJvm c : children) {
            try {
                c.close();
            } catch (RuntimeException e) {
                if (first == null) {
                    first = e;
                }
            }
        }
        children.clear();
        if (first != null) {
            throw first;
        }
    }
}
