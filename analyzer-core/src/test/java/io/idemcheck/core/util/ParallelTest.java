package io.idemcheck.core.util;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicIntegerArray;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ParallelTest {

    @Test
    void oneThreadRunsEveryIndexInOrderOnTheCallingThread() throws ExecutionException {
        List<Integer> seen = new ArrayList<>();
        Set<Thread> threads = ConcurrentHashMap.newKeySet();
        Parallel.forEachIndex(5, 1, i -> {
            seen.add(i);
            threads.add(Thread.currentThread());
        });
        assertEquals(List.of(0, 1, 2, 3, 4), seen);
        assertEquals(Set.of(Thread.currentThread()), threads);
    }

    @Test
    void severalThreadsRunEveryIndexExactlyOnce() throws ExecutionException {
        AtomicIntegerArray runs = new AtomicIntegerArray(1000);
        Parallel.forEachIndex(1000, 4, runs::incrementAndGet);
        for (int i = 0; i < 1000; i++) {
            assertEquals(1, runs.get(i), "index " + i);
        }
    }

    @Test
    void noIndexRunsNothing() throws ExecutionException {
        List<Integer> seen = new ArrayList<>();
        Parallel.forEachIndex(0, 4, seen::add);
        assertEquals(List.of(), seen);
    }

    @Test
    void anErrorOnAWorkerComesBackAsTheCauseAndOnTheCallerUnwrapped() {
        AssertionError boom = new AssertionError("boom");
        ExecutionException e = assertThrows(ExecutionException.class, () -> Parallel.forEachIndex(8, 2, i -> {
            if (i == 5) {
                throw boom;
            }
        }));
        // ForkJoin may rethrow a copy made on the waiting thread, whose cause is the original
        Throwable cause = e.getCause();
        assertEquals(AssertionError.class, cause.getClass());
        assertSame(boom, cause == boom ? cause : cause.getCause());
        assertSame(boom, assertThrows(AssertionError.class, () -> Parallel.forEachIndex(8, 1, i -> {
            if (i == 5) {
                throw boom;
            }
        })));
    }
}
