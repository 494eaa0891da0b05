package io.idemcheck.runtime.test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What a finished child JVM left behind: exit code, every line it printed, and whether the harness killed it.
 * Immutable.
 */
public final class ChildResult {
    /** Exit code the JVM reports for a process terminated by SIGKILL on Unix (128 + 9). */
    public static final int SIGKILL_EXIT_CODE = 137;

    private final String name;
    private final long pid;
    private final int exitCode;
    private final List<String> stdout;
    private final List<String> stderr;
    private final boolean killed;
    private final Duration elapsed;

    ChildResult(String name, long pid, int exitCode, List<String> stdout, List<String> stderr, boolean killed,
                Duration elapsed) {
        this.name = name;
        this.pid = pid;
        this.exitCode = exitCode;
        this.stdout = Collections.unmodifiableList(new ArrayList<>(stdout));
        this.stderr = Collections.unmodifiableList(new ArrayList<>(stderr));
        this.killed = killed;
        this.elapsed = elapsed;
    }

    /** @return the child's name in harness messages (e.g. {@code crash@after-charge}, {@code restart}) */
    public String name() {
        return name;
    }

    /** @return the operating-system process id, or -1 if it could not be determined */
    public long pid() {
        return pid;
    }

    /** @return the exit code ({@link #SIGKILL_EXIT_CODE} for a SIGKILLed child on Unix) */
    public int exitCode() {
        return exitCode;
    }

    /** @return true if the harness killed this child with SIGKILL (the crash run of a kill-midway test) */
    public boolean killed() {
        return killed;
    }

    /** @return wall-clock time from start to exit */
    public Duration elapsed() {
        return elapsed;
    }

    /** @return every line printed on stdout, in order */
    public List<String> stdoutLines() {
        return stdout;
    }

    /** @return every line printed on stderr, in order */
    public List<String> stderrLines() {
        return stderr;
    }

    /** @return stdout as one string (lines joined with {@code \n}) */
    public String stdout() {
        return join(stdout);
    }

    /** @return stderr as one string (lines joined with {@code \n}) */
    public String stderr() {
        return join(stderr);
    }

    /**
     * @param text a fragment
     * @return true if some stdout line contains it
     */
    public boolean stdoutContains(String text) {
        for (String line : stdout) {
            if (line.contains(text)) {
                return true;
            }
        }
        return false;
    }

    private static String join(List<String> lines) {
        StringBuilder sb = new StringBuilder();
        for (String l : lines) {
            if (sb.length() > 0) {
                sb.append('\n');
            }
            sb.append(l);
        }
        return sb.toString();
    }

    /** @return a multi-line description with both streams, for assertion messages */
    public String describe() {
        return name + " (pid " + pid + ", exit " + exitCode + (killed ? ", SIGKILLed" : "") + ", "
                + elapsed.toMillis() + " ms)\n--- stdout ---\n" + stdout() + "\n--- stderr ---\n" + stderr();
    }

    @Override
    public String toString() {
        return name + "[pid=" + pid + ", exit=" + exitCode + (killed ? ", killed" : "") + ", stdout="
                + stdout.size() + " lines, stderr=" + stderr.size() + " lines]";
    }
}
