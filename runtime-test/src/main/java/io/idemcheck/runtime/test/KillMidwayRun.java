package io.idemcheck.runtime.test;

import java.time.Duration;

/**
 * The outcome of one kill-midway scenario: the child that was SIGKILLed at the crash point, whether recovery ran,
 * and the child that was restarted afterwards (without the crash point armed). The test asserts the effects.
 */
public final class KillMidwayRun {
    private final String crashPoint;
    private final ChildResult crashed;
    private final boolean recovered;
    private final ChildResult restarted;
    private final Duration elapsed;

    KillMidwayRun(String crashPoint, ChildResult crashed, boolean recovered, ChildResult restarted, Duration elapsed) {
        this.crashPoint = crashPoint;
        this.crashed = crashed;
        this.recovered = recovered;
        this.restarted = restarted;
        this.elapsed = elapsed;
    }

    /** @return the crash point at which the first child was killed */
    public String crashPoint() {
        return crashPoint;
    }

    /** @return the first child: SIGKILLed while blocked at the crash point (exit code 137 on Unix) */
    public ChildResult crashed() {
        return crashed;
    }

    /** @return true if a recovery callback ran between the kill and the restart */
    public boolean recovered() {
        return recovered;
    }

    /**
     * @return the restarted child, which ran to completion without a crash point
     * @throws IllegalStateException if the scenario was run without a restart
     */
    public ChildResult restarted() {
        if (restarted == null) {
            throw new IllegalStateException("this scenario ran without a restart");
        }
        return restarted;
    }

    /** @return true if the scenario included a restart */
    public boolean hasRestart() {
        return restarted != null;
    }

    /** @return exit code of the crashed child */
    public int crashExitCode() {
        return crashed.exitCode();
    }

    /** @return exit code of the restarted child */
    public int restartExitCode() {
        return restarted().exitCode();
    }

    /** @return total wall-clock time of the scenario */
    public Duration elapsed() {
        return elapsed;
    }

    /** @return both children's output, for assertion messages */
    public String describe() {
        return "kill-midway at '" + crashPoint + "' (" + elapsed.toMillis() + " ms)\n" + crashed.describe()
                + (restarted == null ? "" : "\n" + restarted.describe());
    }

    @Override
    public String toString() {
        return "KillMidwayRun[" + crashPoint + ", crashed=" + crashed + ", recovered=" + recovered + ", restarted="
                + restarted + "]";
    }
}
