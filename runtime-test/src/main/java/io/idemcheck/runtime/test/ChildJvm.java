package io.idemcheck.runtime.test;

import io.idemcheck.runtime.CrashPoints;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * One running child JVM. Its stdout and stderr are read continuously by two daemon threads (so the child never
 * blocks on a full pipe) and kept as lines. Every wait has a timeout; on a timeout the child is killed and an
 * {@link AssertionError} carrying both streams is thrown.
 *
 * <p>Children never outlive the test JVM: every live child is registered, and one JVM shutdown hook kills whatever
 * is left (last resort; {@link KillMidwayHarness#close()} and the JUnit extension kill children after each test).
 *
 * <p>Set the system property {@code idemcheck.harness.echo=true} to copy the children's output to the parent's
 * stderr, prefixed with the child's name.
 */
public final class ChildJvm implements AutoCloseable {
    private static final Set<ChildJvm> LIVE = Collections.newSetFromMap(new ConcurrentHashMap<ChildJvm, Boolean>());
    private static final boolean ECHO = Boolean.getBoolean("idemcheck.harness.echo");
    private static final boolean WINDOWS =
            System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(new Runnable() {
            @Override
            public void run() {
                for (ChildJvm c : LIVE) {
                    c.process.destroyForcibly();
                }
            }
        }, "idemcheck-harness-reaper"));
    }

    private final String name;
    private final JobSpec spec;
    private final Process process;
    private final long pid;
    private final long startNanos;
    private final Object lock = new Object();
    private final List<String> out = new ArrayList<>();
    private final List<String> err = new ArrayList<>();
    private boolean outClosed;
    private boolean errClosed;
    private volatile boolean killed;

    private ChildJvm(String name, JobSpec spec, Process process) {
        this.name = name;
        this.spec = spec;
        this.process = process;
        this.pid = pidOf(process);
        this.startNanos = System.nanoTime();
        LIVE.add(this);
        pump(process.getInputStream(), out, true);
        pump(process.getErrorStream(), err, false);
    }

    /**
     * Starts a child.
     *
     * @param name a short name for messages
     * @param spec what to run
     * @return the running child
     * @throws IllegalStateException if the process cannot be started
     */
    public static ChildJvm start(String name, JobSpec spec) {
        Objects.requireNonNull(spec, "spec");
        ProcessBuilder pb = new ProcessBuilder(spec.command());
        pb.environment().putAll(spec.env());
        try {
            return new ChildJvm(name, spec, pb.start());
        } catch (IOException e) {
            throw new IllegalStateException("cannot start child JVM " + spec.command(), e);
        }
    }

    /** @return number of children started by this JVM that are still registered as live */
    public static int liveChildren() {
        int n = 0;
        for (ChildJvm c : LIVE) {
            if (c.process.isAlive()) {
                n++;
            }
        }
        return n;
    }

    private void pump(final InputStream in, final List<String> sink, final boolean stdout) {
        Thread t = new Thread(new Runnable() {
            @Override
            public void run() {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                    String line;
                    while ((line = r.readLine()) != null) {
                        if (ECHO) {
                            System.err.println("[" + name + (stdout ? "] " : " err] ") + line);
                        }
                        synchronized (lock) {
                            sink.add(line);
                            lock.notifyAll();
                        }
                    }
                } catch (IOException ignored) {
                    // the process died; whatever was read is kept
                } finally {
                    synchronized (lock) {
                        if (stdout) {
                            outClosed = true;
                        } else {
                            errClosed = true;
                        }
                        lock.notifyAll();
                    }
                }
            }
        }, "idemcheck-harness-" + name + (stdout ? "-out" : "-err"));
        t.setDaemon(true);
        t.start();
    }

    /** @return the child's name */
    public String name() {
        return name;
    }

    /** @return what was started */
    public JobSpec spec() {
        return spec;
    }

    /** @return the operating-system process id, or -1 if unknown */
    public long pid() {
        return pid;
    }

    /** @return true while the process runs (a SIGSTOPped child is alive) */
    public boolean isAlive() {
        return process.isAlive();
    }

    /** @return a snapshot of the stdout lines so far */
    public List<String> stdoutLines() {
        synchronized (lock) {
            return new ArrayList<>(out);
        }
    }

    /** @return a snapshot of the stderr lines so far */
    public List<String> stderrLines() {
        synchronized (lock) {
            return new ArrayList<>(err);
        }
    }

    /**
     * Waits until the child prints a stdout line equal to {@code line}.
     *
     * @param line    the exact line
     * @param timeout how long to wait
     * @throws AssertionError if the child exits first or the timeout passes (the child is then killed)
     */
    public void awaitLine(String line, Duration timeout) {
        awaitLineContaining(line, timeout, true);
    }

    /**
     * Waits until a stdout line contains {@code fragment}, and returns that line.
     *
     * @param fragment text to look for
     * @param timeout  how long to wait
     * @return the first matching line
     * @throws AssertionError if the child exits first or the timeout passes (the child is then killed)
     */
    public String awaitLineContaining(String fragment, Duration timeout) {
        return awaitLineContaining(fragment, timeout, false);
    }

    private String awaitLineContaining(String text, Duration timeout, boolean exact) {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (lock) {
            while (true) {
                for (String l : out) {
                    if (exact ? l.equals(text) : l.contains(text)) {
                        return l;
                    }
                }
                long left = deadline - System.nanoTime();
                if (outClosed || left <= 0) {
                    break;
                }
                try {
                    lock.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        boolean exited;
        synchronized (lock) {
            exited = outClosed;
        }
        if (exited) {
            try {
                process.waitFor(5, TimeUnit.SECONDS); // stdout closes just before the process ends
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        ChildResult r = kill();
        throw new AssertionError((exited ? "child exited" : "timeout after " + timeout.toMillis() + " ms")
                + " before printing " + (exact ? "the line '" : "a line containing '") + text + "'; "
                + r.describe());
    }

    /**
     * Waits until the child announces the armed crash point ({@code IDEMCHECK-CRASHPOINT <name>}). Because
     * {@link CrashPoints#hit} blocks forever after the announcement, the child is then frozen exactly there.
     *
     * @param point   the crash point name
     * @param timeout how long to wait
     * @throws AssertionError if the child exits without reaching it or the timeout passes (the child is killed)
     */
    public void awaitCrashPoint(String point, Duration timeout) {
        awaitLine(CrashPoints.ANNOUNCEMENT_PREFIX + point, timeout);
    }

    /**
     * Writes one line to the child's stdin and flushes (for jobs that wait for a go-ahead).
     *
     * @param line the line
     * @throws IllegalStateException if stdin is closed
     */
    public void writeLine(String line) {
        try {
            OutputStream os = process.getOutputStream();
            os.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            os.flush();
        } catch (IOException e) {
            throw new IllegalStateException("cannot write to stdin of " + name, e);
        }
    }

    /**
     * Kills the child with SIGKILL ({@link Process#destroyForcibly()}, which is {@code kill(pid, SIGKILL)} on Unix
     * JDKs; the exit code {@value ChildResult#SIGKILL_EXIT_CODE} proves it), waits for it to die and for its
     * output to drain. A child that already exited is not touched.
     *
     * @return the result, {@link ChildResult#killed()} true if this call killed it
     */
    public ChildResult kill() {
        if (process.isAlive()) {
            killed = true;
            process.destroyForcibly();
        }
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("child " + name + " (pid " + pid + ") survived SIGKILL for 30 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while killing " + name, e);
        }
        return result();
    }

    /**
     * Suspends the child with {@code kill -STOP <pid>}: it keeps its connections but runs no code (a long GC
     * pause, a frozen VM). Unix only.
     */
    public void pause() {
        signal("STOP");
    }

    /** Resumes a paused child with {@code kill -CONT <pid>}. Unix only. */
    public void resume() {
        signal("CONT");
    }

    /**
     * Sends a signal with the {@code kill} command.
     *
     * @param signal signal name without {@code SIG} (e.g. {@code STOP}, {@code CONT}, {@code TERM}, {@code KILL})
     * @throws UnsupportedOperationException on Windows or when the pid is unknown
     */
    public void signal(String signal) {
        if (WINDOWS || pid < 0) {
            throw new UnsupportedOperationException("signals need Unix and a known pid (pid=" + pid + ")");
        }
        try {
            Process k = new ProcessBuilder("kill", "-" + signal, String.valueOf(pid)).redirectErrorStream(true)
                    .start();
            if (!k.waitFor(10, TimeUnit.SECONDS) || k.exitValue() != 0) {
                k.destroyForcibly();
                throw new IllegalStateException("kill -" + signal + " " + pid + " failed");
            }
        } catch (IOException e) {
            throw new IllegalStateException("kill -" + signal + " " + pid + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /**
     * Waits for the child to exit by itself.
     *
     * @param timeout how long to wait
     * @return the result
     * @throws AssertionError when the timeout passes (the child is then killed; the message has its output)
     */
    public ChildResult awaitExit(Duration timeout) {
        boolean done;
        try {
            done = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            done = false;
        }
        if (!done) {
            ChildResult r = kill();
            throw new AssertionError("child did not exit within " + timeout.toMillis() + " ms; " + r.describe());
        }
        return result();
    }

    private ChildResult result() {
        long elapsed = System.nanoTime() - startNanos;
        LIVE.remove(this);
        closeQuietly(process.getOutputStream());
        long deadline = System.currentTimeMillis() + 5000;
        synchronized (lock) {
            while (!(outClosed && errClosed) && System.currentTimeMillis() < deadline) {
                try {
                    lock.wait(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            return new ChildResult(name, pid, process.exitValue(), out, err, killed, Duration.ofNanos(elapsed));
        }
    }

    /** Kills the child if it is still running. */
    @Override
    public void close() {
        if (process.isAlive()) {
            kill();
        } else {
            LIVE.remove(this);
        }
    }

    private static void closeQuietly(OutputStream os) {
        try {
            os.close();
        } catch (IOException ignored) {
            // already gone
        }
    }

    /** Process id: {@code Process.pid()} on Java 9+ (by reflection, this class compiles at release 8), else the
     * {@code pid} field of Java 8's {@code UNIXProcess}. */
    static long pidOf(Process p) {
        try {
            Method m = Process.class.getMethod("pid");
            return ((Number) m.invoke(p)).longValue();
        } catch (NoSuchMethodException e) {
            try {
                Field f = p.getClass().getDeclaredField("pid");
                f.setAccessible(true);
                return f.getInt(p);
            } catch (ReflectiveOperationException | RuntimeException x) {
                return -1;
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            return -1;
        }
    }

    @Override
    public String toString() {
        return name + "[pid=" + pid + ", " + spec + "]";
    }
}
