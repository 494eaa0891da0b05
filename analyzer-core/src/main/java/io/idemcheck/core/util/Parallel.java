package io.idemcheck.core.util;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;

/**
 * Index loops spread over a bounded number of threads, for the engine's passes that do independent work per
 * element of a list (resolving each method's calls, checking each method with a rule) and store each result in its
 * own slot, so that the result does not depend on scheduling.
 */
public final class Parallel {

    private Parallel() {
    }

    /**
     * Runs {@code body} once for each index in {@code [0, n)}. With {@code threads <= 1} or fewer than two indexes,
     * in increasing order on the calling thread; otherwise on a private {@link ForkJoinPool} of {@code threads}
     * workers, in no particular order, returning when every index has run (the pool is shut down either way).
     *
     * @param n       how many indexes (0: nothing runs)
     * @param threads the most indexes run at once
     * @param body    the work for one index; on several threads it must be safe to run concurrently
     * @throws ExecutionException   when {@code body} threw on a worker thread (its cause is what it threw; some
     *                              indexes may not have run); on the calling thread, what {@code body} throws
     *                              propagates unwrapped
     * @throws IllegalStateException when the calling thread is interrupted while waiting (its interrupt flag is set
     *                              again)
     */
    public static void forEachIndex(int n, int threads, IntConsumer body) throws ExecutionException {
        if (threads <= 1 || n < 2) {
            IntStream.range(0, n).forEach(body);
            return;
        }
        ForkJoinPool pool = new ForkJoinPool(threads);
        try {
            pool.submit(() -> IntStream.range(0, n).parallel().forEach(body)).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("scan interrupted", e);
        } finally {
            pool.shutdownNow();
        }
    }
}
