package io.idemcheck.runtime;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A restart-safe work loop over a task table, on a bounded number of threads. Each thread repeats:
 * <ol>
 * <li>{@link TaskClaimer#claimBatch(String, int)} with its own owner ({@code <owner prefix>/w<n>});</li>
 * <li>for each claim: {@link TaskHandler#prepare(Claim)}, then
 *     {@link IdempotencyLedger#runOnce(String, String, Object, Effect)} with the task's key (the task id is linked in
 *     the ledger's {@code task_id}); a claim whose lease a heartbeat found lost is skipped (its effect is not started);</li>
 * <li>{@link TaskClaimer#completeBatch(List)} for the claims whose ledger result is done ({@code EXECUTED},
 *     {@code RETRIED}, {@code REPLAYED}), and {@link TaskClaimer#failBatch(Map)} for the others (the handler or the
 *     effect threw, or the ledger answered {@code IN_PROGRESS} / {@code IN_DOUBT}: the row goes back to PENDING, or
 *     DEAD at the retry ceiling).</li>
 * </ol>
 * A scheduler thread extends the lease of every claim held by the worker with {@link TaskClaimer#heartbeatBatch}
 * every {@code lease / 3}, and sweeps expired leases of dead workers with {@link TaskClaimer#recoverExpired} every
 * {@code recoverEvery} (default: the lease; also once at start).
 *
 * <p>Crash behaviour (tested by the kill-midway crash matrix): a kill after the claim leaves the rows RUNNING until the
 * lease expires, then a sweep returns them to PENDING (the claim used up an attempt: a task that kills its JVM every
 * time ends DEAD). A kill after some effects leaves their keys DONE in the ledger: the next claim replays them instead
 * of repeating the effect. A kill between an effect and its ledger record leaves the key STARTED: with
 * {@link RecoveryMode#RETRY_WITH_SAME_KEY} the effect is repeated with the same key (the downstream must deduplicate
 * on it), with {@link RecoveryMode#HOLD_IN_DOUBT} it is held in doubt for the {@link Reconciler}.
 *
 * <p>Errors are never silent: a database failure of the loop is logged at ERROR, counted in {@link WorkerStats#errors()}
 * and the thread waits {@code idleWait} before it claims again; claims it could not complete or fail stay RUNNING
 * until a sweep recovers them ({@link WorkerStats#unrecorded()}). A worker is started once: {@link #start()} for a
 * service that polls until {@link #stop(Duration)}, or {@link #runUntilIdle()} for a batch job.
 *
 * <p>Thread-safe.
 */
public final class TaskWorker implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(TaskWorker.class);

    private final TaskClaimer claimer;
    private final IdempotencyLedger ledger;
    private final TaskHandler handler;
    private final int threads;
    private final int batchSize;
    private final String ownerPrefix;
    private final Duration lease;
    private final Duration heartbeatEvery;
    private final Duration recoverEvery;
    private final Duration idleWait;

    private final AtomicBoolean started = new AtomicBoolean();
    private final CountDownLatch stopSignal = new CountDownLatch(1);
    private final Set<Claim> held = ConcurrentHashMap.newKeySet();
    private final Set<Claim> lostLeases = ConcurrentHashMap.newKeySet();
    private volatile boolean untilIdle;
    private ExecutorService pool;
    private ScheduledExecutorService scheduler;

    private final AtomicLong batches = new AtomicLong();
    private final AtomicLong claimed = new AtomicLong();
    private final AtomicLong done = new AtomicLong();
    private final AtomicLong retryPending = new AtomicLong();
    private final AtomicLong dead = new AtomicLong();
    private final AtomicLong lost = new AtomicLong();
    private final AtomicLong inDoubt = new AtomicLong();
    private final AtomicLong unrecorded = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private final AtomicLong recovered = new AtomicLong();

    private TaskWorker(Builder b) {
        this.claimer = b.claimer;
        this.ledger = b.ledger;
        this.handler = b.handler;
        this.threads = b.threads;
        this.batchSize = b.batchSize;
        this.ownerPrefix = b.ownerPrefix != null ? b.ownerPrefix : ManagementFactory.getRuntimeMXBean().getName();
        this.lease = b.lease;
        this.heartbeatEvery = b.heartbeatEvery != null ? b.heartbeatEvery : b.lease.dividedBy(3);
        this.recoverEvery = b.recoverEvery != null ? b.recoverEvery : b.lease;
        this.idleWait = b.idleWait;
    }

    /**
     * @param claimer the task table's claimer
     * @param ledger  the ledger the effects run through
     * @param handler key, fingerprint and effect for each claimed task
     * @return a builder (1 thread, batches of 100, 5-minute lease, 1 s idle wait)
     */
    public static Builder builder(TaskClaimer claimer, IdempotencyLedger ledger, TaskHandler handler) {
        return new Builder(claimer, ledger, handler);
    }

    /**
     * Starts the worker threads and the heartbeat/recovery scheduler and returns; threads poll every
     * {@code idleWait} while nothing is claimable, until {@link #stop(Duration)}. Runs {@code recoverExpired(lease)}
     * once first, on the scheduler thread.
     *
     * @return this
     * @throws IllegalStateException if the worker was already started
     */
    public TaskWorker start() {
        launch(false);
        return this;
    }

    /**
     * For a batch job: runs {@code recoverExpired(lease)} once, starts the threads, and returns when every thread has
     * found nothing claimable (each thread stops after its first empty {@code claimBatch}), or after
     * {@link #stop(Duration)} from another thread. Rows still RUNNING under a live lease of another process are not
     * waited for.
     *
     * @return the counters
     * @throws IllegalStateException        if the worker was already started
     * @throws IdemcheckDataAccessException if the initial sweep fails (nothing was claimed)
     */
    public WorkerStats runUntilIdle() {
        recovered.addAndGet(claimer.recoverExpired(lease).total());
        launch(true);
        try {
            pool.shutdown();
            while (!pool.awaitTermination(1, TimeUnit.SECONDS)) {
                // wait for the threads to run out of work
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stop(Duration.ZERO);
        } finally {
            stopSignal.countDown();
            scheduler.shutdownNow();
        }
        return stats();
    }

    private void launch(boolean drain) {
        if (!started.compareAndSet(false, true)) {
            throw new IllegalStateException("a TaskWorker is started once");
        }
        untilIdle = drain;
        final AtomicInteger n = new AtomicInteger();
        scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, ownerPrefix + "/lease");
            t.setDaemon(true);
            return t;
        });
        long hb = Math.max(1, heartbeatEvery.toMillis());
        scheduler.scheduleWithFixedDelay(this::heartbeat, hb, hb, TimeUnit.MILLISECONDS);
        if (!recoverEvery.isZero()) {
            long rv = Math.max(1, recoverEvery.toMillis());
            scheduler.scheduleWithFixedDelay(this::recover, drain ? rv : 0, rv, TimeUnit.MILLISECONDS);
        }
        pool = Executors.newFixedThreadPool(threads, r -> new Thread(r, ownerPrefix + "/w" + n.getAndIncrement()));
        for (int i = 0; i < threads; i++) {
            final String owner = ownerPrefix + "/w" + i;
            pool.execute(() -> loop(owner));
        }
    }

    /**
     * Graceful stop: no new batch is claimed; every thread finishes the batch in hand (effects, then
     * {@code completeBatch}/{@code failBatch}) and exits. If the threads have not exited within the timeout they
     * are interrupted (an interrupted effect fails its claim; rows not yet recorded stay RUNNING until a sweep).
     *
     * @param timeout how long to wait for the batches in hand
     * @return true if every thread exited within the timeout; false if they had to be interrupted (or the worker was
     *         never started: then there is nothing to stop and the result is true)
     */
    public boolean stop(Duration timeout) {
        stopSignal.countDown();
        if (pool == null) {
            return true;
        }
        pool.shutdown();
        boolean clean;
        try {
            clean = pool.awaitTermination(Math.max(0, timeout.toMillis()), TimeUnit.MILLISECONDS);
            if (!clean) {
                pool.shutdownNow();
                pool.awaitTermination(Math.max(1000, timeout.toMillis()), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            pool.shutdownNow();
            clean = false;
        }
        scheduler.shutdownNow();
        return clean;
    }

    /** {@link #stop(Duration)} with the lease as timeout. */
    @Override
    public void close() {
        stop(lease);
    }

    /** @return a snapshot of the counters */
    public WorkerStats stats() {
        return new WorkerStats(batches.get(), claimed.get(), done.get(), retryPending.get(), dead.get(), lost.get(),
                inDoubt.get(), unrecorded.get(), errors.get(), recovered.get());
    }

    private boolean stopping() {
        return stopSignal.getCount() == 0;
    }

    private void loop(String owner) {
        while (!stopping() && !Thread.currentThread().isInterrupted()) {
            List<Claim> batch;
            try {
                batch = claimer.claimBatch(owner, batchSize);
            } catch (RuntimeException e) {
                errors.incrementAndGet();
                log.error("worker {}: claiming a batch failed; retrying in {}", owner, idleWaitOf(), e);
                if (!idle()) {
                    return;
                }
                continue;
            }
            if (batch.isEmpty()) {
                if (untilIdle || !idle()) {
                    return;
                }
                continue;
            }
            batches.incrementAndGet();
            claimed.addAndGet(batch.size());
            held.addAll(batch);
            try {
                process(owner, batch);
            } finally {
                held.removeAll(batch);
                lostLeases.removeAll(batch);
            }
        }
    }

    private void process(String owner, List<Claim> batch) {
        List<Claim> toComplete = new ArrayList<>(batch.size());
        Map<Claim, Exception> toFail = new LinkedHashMap<>();
        for (Claim claim : batch) {
            if (lostLeases.contains(claim)) {
                lost.incrementAndGet();
                log.warn("worker {}: lease of {} lost before its effect; not started", owner, claim);
                continue;
            }
            try {
                TaskWork work = Objects.requireNonNull(handler.prepare(claim), "TaskHandler.prepare returned null");
                RunResult r = ledger.runOnce(work.key(), work.fingerprint(), claim.id(), work.effect());
                if (r.isDone()) {
                    toComplete.add(claim);
                } else {
                    inDoubt.incrementAndGet();
                    toFail.put(claim, new IllegalStateException("ledger " + r.state() + " for key " + work.key()));
                }
            } catch (Exception e) {
                log.warn("worker {}: task {} failed: {}", owner, claim.id(), e.toString());
                toFail.put(claim, e);
            }
        }
        CrashPoints.hit(CrashPoints.BEFORE_COMPLETE_BATCH);
        try {
            for (Outcome o : claimer.completeBatch(toComplete).values()) {
                (o == Outcome.OK ? done : lost).incrementAndGet();
            }
        } catch (RuntimeException e) {
            errors.incrementAndGet();
            unrecorded.addAndGet(toComplete.size());
            log.error("worker {}: completing {} recorded tasks failed; they stay RUNNING until recovered (their effects "
                    + "are recorded and will be replayed, not repeated)", owner, toComplete.size(), e);
        }
        try {
            for (Outcome o : claimer.failBatch(toFail).values()) {
                (o == Outcome.DEAD ? dead : o == Outcome.RETRY_PENDING ? retryPending : lost).incrementAndGet();
            }
        } catch (RuntimeException e) {
            errors.incrementAndGet();
            unrecorded.addAndGet(toFail.size());
            log.error("worker {}: recording {} failed tasks failed; they stay RUNNING until recovered", owner,
                    toFail.size(), e);
        }
    }

    private void heartbeat() {
        List<Claim> now = new ArrayList<>(held);
        if (now.isEmpty()) {
            return;
        }
        try {
            for (Map.Entry<Claim, Outcome> e : claimer.heartbeatBatch(now).entrySet()) {
                if (e.getValue() == Outcome.LOST) {
                    lostLeases.add(e.getKey());
                }
            }
        } catch (RuntimeException e) {
            errors.incrementAndGet();
            log.error("heartbeat of {} claims failed", now.size(), e);
        }
    }

    private void recover() {
        try {
            recovered.addAndGet(claimer.recoverExpired(lease).total());
        } catch (RuntimeException e) {
            errors.incrementAndGet();
            log.error("recovering expired leases failed", e);
        }
    }

    private Duration idleWaitOf() {
        return idleWait;
    }

    /** @return false if the worker was stopped while waiting */
    private boolean idle() {
        try {
            return !stopSignal.await(Math.max(1, idleWait.toMillis()), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Builder for {@link TaskWorker}; setters validate their argument. */
    public static final class Builder {
        private final TaskClaimer claimer;
        private final IdempotencyLedger ledger;
        private final TaskHandler handler;
        private int threads = 1;
        private int batchSize = 100;
        private String ownerPrefix;
        private Duration lease = Duration.ofMinutes(5);
        private Duration heartbeatEvery;
        private Duration recoverEvery;
        private Duration idleWait = Duration.ofSeconds(1);

        private Builder(TaskClaimer claimer, IdempotencyLedger ledger, TaskHandler handler) {
            this.claimer = Objects.requireNonNull(claimer, "claimer");
            this.ledger = Objects.requireNonNull(ledger, "ledger");
            this.handler = Objects.requireNonNull(handler, "handler");
        }

        /**
         * @param n worker threads, 1 to 256 (each holds one batch and one connection at a time)
         * @return this
         */
        public Builder threads(int n) {
            if (n < 1 || n > 256) {
                throw new IllegalArgumentException("threads must be 1..256: " + n);
            }
            this.threads = n;
            return this;
        }

        /**
         * @param n the most claims per batch, 1 to 10,000
         * @return this
         */
        public Builder batchSize(int n) {
            if (n < 1 || n > 10_000) {
                throw new IllegalArgumentException("batchSize must be 1..10000: " + n);
            }
            this.batchSize = n;
            return this;
        }

        /**
         * @param prefix owner prefix, unique per process (default: the JVM's {@code pid@host}); threads append
         *               {@code /w<n>}; the result must fit the owner column
         * @return this
         * @throws NullPointerException     if {@code prefix} is null
         * @throws IllegalArgumentException if {@code prefix} is empty or blank (workers of different processes could
         *                                  not be told apart in the owner column)
         */
        public Builder ownerPrefix(String prefix) {
            Objects.requireNonNull(prefix, "ownerPrefix");
            if (prefix.trim().isEmpty()) {
                throw new IllegalArgumentException("ownerPrefix must not be empty or blank: '" + prefix + "'");
            }
            this.ownerPrefix = prefix;
            return this;
        }

        /**
         * @param lease the task lease: rows RUNNING longer than this without a heartbeat are recovered by the
         *              scheduled sweep; positive (default 5 minutes)
         * @return this
         */
        public Builder lease(Duration lease) {
            if (lease.isNegative() || lease.isZero()) {
                throw new IllegalArgumentException("lease must be positive: " + lease);
            }
            this.lease = lease;
            return this;
        }

        /**
         * @param every heartbeat period for the claims in hand (default lease / 3); positive
         * @return this
         */
        public Builder heartbeatEvery(Duration every) {
            if (every.isNegative() || every.isZero()) {
                throw new IllegalArgumentException("heartbeatEvery must be positive: " + every);
            }
            this.heartbeatEvery = every;
            return this;
        }

        /**
         * @param every sweep period ({@code recoverExpired(lease)}); {@link Duration#ZERO} disables the scheduled
         *              sweep (default: the lease)
         * @return this
         */
        public Builder recoverEvery(Duration every) {
            if (every.isNegative()) {
                throw new IllegalArgumentException("recoverEvery must not be negative: " + every);
            }
            this.recoverEvery = every;
            return this;
        }

        /**
         * @param wait how long a thread waits after an empty batch or an error before claiming again (default 1 s)
         * @return this
         */
        public Builder idleWait(Duration wait) {
            if (wait.isNegative()) {
                throw new IllegalArgumentException("idleWait must not be negative: " + wait);
            }
            this.idleWait = wait;
            return this;
        }

        /** @return the worker (not started) */
        public TaskWorker build() {
            return new TaskWorker(this);
        }
    }
}
