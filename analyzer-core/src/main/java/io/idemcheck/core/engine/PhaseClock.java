package io.idemcheck.core.engine;

import java.lang.management.ManagementFactory;
import java.util.Locale;

/**
 * Where a run's time goes, phase by phase, for whoever measures the engine: with the system property
 * {@code idemcheck.phases} set (any value; {@code IDEMCHECK_JAVA_OPTS=-Didemcheck.phases} through bin/idemcheck), each
 * {@link #mark} prints one stderr line: the phase's name, its wall time and the CPU time the whole process spent in
 * it (every thread, JIT compiler and collector included), and the process's CPU time so far. The first mark's phase
 * starts when the JVM started. Without the property it does nothing. Diagnostic only: it never changes a result.
 */
public final class PhaseClock {

    private static final boolean ON = System.getProperty("idemcheck.phases") != null;

    private static long wall = -1;
    private static long cpu;

    private PhaseClock() {
    }

    /** Ends the phase {@code name}: the time since the previous mark (the first: since the JVM started). */
    public static synchronized void mark(String name) {
        if (!ON) {
            return;
        }
        long c = processCpu();
        long w;
        long dw;
        if (wall < 0) {
            w = System.nanoTime();
            dw = ManagementFactory.getRuntimeMXBean().getUptime();
        } else {
            w = System.nanoTime();
            dw = (w - wall) / 1_000_000;
        }
        System.err.printf(Locale.ROOT, "idemcheck phase %-16s wall %7d ms  cpu %7d ms  (process cpu %d ms)%n", name,
                dw, (c - cpu) / 1_000_000, c / 1_000_000);
        wall = w;
        cpu = c;
    }

    private static long stepWall;
    private static long stepCpu;

    /**
     * Ends a step inside a phase, when timing is on: one stderr line with {@code name}, the wall and process CPU time
     * since the previous step (does not end the phase). {@code null} starts the first step without a line.
     */
    public static synchronized void step(String name) {
        if (!ON) {
            return;
        }
        long c = processCpu();
        long w = System.nanoTime();
        if (name != null) {
            System.err.printf(Locale.ROOT, "idemcheck   %-30s wall %7d ms  cpu %7d ms%n", name,
                    (w - stepWall) / 1_000_000, (c - stepCpu) / 1_000_000);
        }
        stepWall = w;
        stepCpu = c;
    }

    /** Whether phase timing is on (the system property {@code idemcheck.phases} is set). */
    public static boolean on() {
        return ON;
    }

    /**
     * Runs {@code work} (one rule's check) and, when timing is on, prints one stderr line with {@code what}, its wall
     * time and the CPU time of the calling thread (a rule driven method by method on several threads also spends CPU
     * on the others, which this does not count). Rule phases overlap on several threads, so the lines do not add up to
     * the rules phase.
     */
    public static void timed(String what, Runnable work) {
        if (!ON) {
            work.run();
            return;
        }
        java.lang.management.ThreadMXBean tm = ManagementFactory.getThreadMXBean();
        long c0 = tm.getCurrentThreadCpuTime();
        long w0 = System.nanoTime();
        try {
            work.run();
        } finally {
            System.err.printf(Locale.ROOT, "idemcheck %-22s wall %7d ms  thread cpu %7d ms%n", what,
                    (System.nanoTime() - w0) / 1_000_000, (tm.getCurrentThreadCpuTime() - c0) / 1_000_000);
        }
    }

    private static long processCpu() {
        java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean s ? s.getProcessCpuTime() : 0;
    }
}
