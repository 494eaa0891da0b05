package io.idemcheck.cli;

import io.idemcheck.core.engine.ProgressListener;

import java.io.PrintStream;

/** Prints "idemcheck: parsing 120/400 files" on one refreshed stderr line, at most every 200 ms. */
final class ProgressLine implements ProgressListener {

    private static final long INTERVAL_NANOS = 200_000_000L;

    private final PrintStream err;
    private long last;
    private boolean shown;

    ProgressLine(PrintStream err) {
        this.err = err;
    }

    @Override
    public synchronized void started(int total) {
        last = System.nanoTime();
    }

    @Override
    public synchronized void fileDone(int done, int total) {
        long now = System.nanoTime();
        if (now - last >= INTERVAL_NANOS || done == total) {
            last = now;
            err.print("\ridemcheck: parsing " + done + "/" + total + " files");
            err.flush();
            shown = true;
        }
    }

    @Override
    public synchronized void finished() {
        if (shown) {
            err.print("\r\033[K");
            err.flush();
            shown = false;
        }
    }
}
