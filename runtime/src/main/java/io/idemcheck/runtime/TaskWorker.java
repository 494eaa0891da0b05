package io.idemcheck.runtime;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.management.ManagementFactory;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
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
 * <li>for each claim, in order: {@link TaskHandler#prepare(Claim)}, then
 *     {@link IdempotencyLedger#runOnce(String, String, Object, Effect)} with the task's key (the task id is linked in
 *     the ledger's {@code task_id}); a claim whose lease a heartbeat found lost is skipped (its effect is not
 *     started);</li>
 * <li>{@link TaskClaimer#completeBatch(List)} for the claims whose ledger result is done ({@code EXECUTED},
 *     {@code RETRIED}, {@code REPLAYED}), {@link TaskClaimer#failBatch(Map)} for the task's own failures (they use the
 *     attempt: the row goes back to PENDING, or DEAD at the retry ceiling) and {@link TaskClaimer#releaseBatch(Map)}
 *     for the claims given back without using their attempt.</li>
 * </ol>
 * What each answer or failure does to the claim:
 * <table>
 * <caption>outcome per claim</caption>
 * <tr><th>what happened</th><th>the claim</th><th>counted in {@link WorkerStats}</th></tr>
 * <tr><td>ledger {@code EXECUTED} / {@code RETRIED} / {@code REPLAYED}</td><td>completed</td><td>{@code done}</td></tr>
 * <tr><td>the effect threw an exception (its own failure, including a database error of its own)</td><td>failed:
 *     attempt used; claimable again after the table's retry delay ({@link TaskTable#retryDelay(int)}), DEAD at the
 *     ceiling</td><td>{@code retryPending} or {@code dead}</td></tr>
 * <tr><td>a handler bug: {@code prepare} returned null or threw anything but a database error, or the effect threw an
 *     {@link Error}; logged at ERROR with the task id and stack trace</td><td>failed: attempt used, retried after the
 *     retry delay, DEAD at the ceiling (the worker thread goes on)</td><td>{@code handlerErrors}, and
 *     {@code retryPending} or {@code dead}</td></tr>
 * <tr><td>ledger {@code IN_DOUBT} (a STARTED key past the ledger lease, {@link RecoveryMode#HOLD_IN_DOUBT}): the effect
 *     may have happened; it is held for the {@link Reconciler} and not repeated</td><td>failed: attempt used and
 *     claimable again only after the retry delay, which leaves time to resolve the key ({@link
 *     IdempotencyLedger#markDone}: the next claim replays it and completes the task; {@link
 *     IdempotencyLedger#release}: the next claim runs the effect again with the same key); unresolved, the task ends
 *     DEAD at its ceiling, a dead letter to reconcile</td><td>{@code inDoubt}, and {@code retryPending} or
 *     {@code dead}</td></tr>
 * <tr><td>{@link IdempotencyConflictException} or an invalid key/fingerprint ({@link IllegalArgumentException}): a bug
 *     in the handler's key for this task, logged at ERROR</td><td>failed: attempt used</td><td>{@code handlerErrors},
 *     and {@code retryPending} or {@code dead}</td></tr>
 * <tr><td>ledger {@code IN_PROGRESS}: the key is STARTED within the ledger lease by another caller (a live worker, or a
 *     run that crashed less than a ledger lease ago); the effect is not started</td><td>released: back to PENDING
 *     without using its attempt; it is claimed again later, and once the ledger lease has expired the ledger's
 *     {@link RecoveryMode} decides (taken over and retried with the same key, or in doubt)</td>
 *     <td>{@code inProgress} and {@code released}</td></tr>
 * <tr><td>a database or configuration fault that is not the effect's own failure: a missing ledger table, a closed or
 *     broken {@code DataSource}, an SQL syntax or permission error, from the ledger or from a database read in
 *     {@code prepare}</td><td>released, with every claim of the batch not started yet; logged at ERROR; the thread
 *     backs off (below)</td><td>{@code errors} (one per fault) and {@code released}</td></tr>
 * <tr><td>{@link #stop(Duration)} was requested before the claim's turn</td><td>released (the effect is not started)
 *     </td><td>{@code released}</td></tr>
 * <tr><td>the effect ended with an exception because {@code stop} interrupted it (the thread's interrupt flag, or an
 *     {@link InterruptedException} / {@code InterruptedIOException} / {@code ClosedByInterruptException} in the
 *     cause chain, while stopping)</td><td>released: its attempt is not used (the ledger treated the effect as not
 *     applied, as for any exception)</td><td>{@code released}</td></tr>
 * <tr><td>the heartbeat found the lease lost; or complete/fail/release changed 0 rows</td><td>left to its new owner
 *     </td><td>{@code lost}</td></tr>
 * <tr><td>completing, failing or releasing failed (database fault)</td><td>completing or failing falls back to a
 *     release; if that fails too, the rows stay RUNNING until a sweep of expired leases (their recorded effects are
 *     replayed, not repeated)</td><td>{@code errors}, and {@code released} or {@code unrecorded}</td></tr>
 * </table>
 * The runtime never reports an effect it did not record: only a ledger answer that is done completes a task.
 *
 * <p><b>Backoff.</b> After a fault (a failed {@code claimBatch}, or any fault above) a thread waits before it claims
 * again: {@code faultBackoff} first (default 1 s), doubled after every consecutive fault up to its maximum (default
 * 1 minute), back to the first value after a fault-free round. Each fault is logged at ERROR with its stack trace and
 * counted in {@link WorkerStats#errors()}; the wait is logged at WARN. A {@link #runUntilIdle()} thread gives up after
 * a fault that follows a wait of the maximum (with the defaults, about two minutes of consecutive faults): it logs
 * that at ERROR and exits, so a batch job with a broken database ends (with the rows PENDING and their attempts
 * intact) instead of retrying forever; check {@code errors()} of the result.
 *
 * <p>A scheduler thread extends the lease of every claim held by the worker with {@link TaskClaimer#heartbeatBatch}
 * every {@code lease / 3}, and sweeps expired leases of dead workers with {@link TaskClaimer#recoverExpired} every
 * {@code recoverEvery} (default: the lease; also once at start).
 *
 * <p>Crash behaviour (tested by the kill-midway crash matrix): a kill after the claim leaves the rows RUNNING until the
 * lease expires, then a sweep returns them to PENDING (the claim used up an attempt: a task that kills its JVM every
 * time ends DEAD). A kill after some effects leaves their keys DONE in the ledger: the next claim replays them instead
 * of repeating the effect. A kill between an effect and its ledger record leaves the key STARTED: within the ledger
 * lease the next claims are released as {@code IN_PROGRESS} (no attempt used); after it, with
 * {@link RecoveryMode#RETRY_WITH_SAME_KEY} the effect is repeated with the same key (the downstream must deduplicate
 * on it), with {@link RecoveryMode#HOLD_IN_DOUBT} it is held in doubt for the {@link Reconciler}.
 *
 * <p><b>Single use.</b> A worker runs once: {@link #start()} for a service that polls until {@link #stop(Duration)},
 * or {@link #runUntilIdle()} for a batch job. A second {@code start()} or {@code runUntilIdle()}, or either after
 * {@code stop}, throws {@link IllegalStateException} before touching the database; build a new worker instead.
 *
 * <p>Thread-safe.
 */
public final class TaskWorker implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(TaskWorker.class);
    private static final String RELEASED = "released without using an attempt: ";

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
    private final Duration backoffFirst;
    private final Duration backoffMax;

    private final AtomicBoolean started = new AtomicBoolean();
    private final CountDownLatch stopSignal = new CountDownLatch(1);
    /** Claims in hand, each with the token of the batch (one round of a thread) that holds it. */
    private final ConcurrentHashMap<Claim, Object> held = new ConcurrentHashMap<>();
    /** Claims a heartbeat found lost, with the token of the batch that held them when the heartbeat started. */
    private final ConcurrentHashMap<Claim, Object> lostLeases = new ConcurrentHashMap<>();
    /**
     * Held by a heartbeat round from its snapshot of {@link #held} to its answer, and by a worker thread while it
     * takes its batch out of {@code held} before recording it: so no heartbeat is in flight for a claim its own
     * worker is completing, failing or releasing (such a heartbeat changed 0 rows and logged a false WARN).
     */
    private final java.util.concurrent.locks.ReentrantLock heartbeatLock = new java.util.concurrent.locks.ReentrantLock();
    private volatile boolean untilIdle;
    private volatile ExecutorService pool;
    private volatile ScheduledExecutorService scheduler;

    private final AtomicLong batches = new AtomicLong();
    private final AtomicLong claimed = new AtomicLong();
    private final AtomicLong done = new AtomicLong();
    private final AtomicLong retryPending = new AtomicLong();
    private final AtomicLong dead = new AtomicLong();
    private final AtomicLong released = new AtomicLong();
    private final AtomicLong lost = new AtomicLong();
    private final AtomicLong inDoubt = new AtomicLong();
    private final AtomicLong inProgress = new AtomicLong();
    private final AtomicLong unrecorded = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private final AtomicLong handlerErrors = new AtomicLong();
    private final AtomicLong recovered = new AtomicLong();
    private final AtomicLong recoveredToDead = new AtomicLong();
    private final AtomicLong sweepFailures = new AtomicLong();

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
        this.backoffFirst = b.backoffFirst;
        this.backoffMax = b.backoffMax;
    }

    /**
     * @param claimer the task table's claimer
     * @param ledger  the ledger the effects run through
     * @param handler key, fingerprint and effect for each claimed task
     * @return a builder (1 thread, batches of 100, 5-minute lease, 1 s idle wait, fault backoff 1 s to 1 minute)
     */
    public static Builder builder(TaskClaimer claimer, IdempotencyLedger ledger, TaskHandler handler) {
        return new Builder(claimer, ledger, handler);
    }

    /**
     * Starts the worker threads and the heartbeat/recovery scheduler and returns; threads poll every
     * {@code idleWait} while nothing is claimable, until {@link #stop(Duration)}. Runs {@code recoverExpired(lease)}
     * once first, on the scheduler thread (a failure there is logged at ERROR and counted in
     * {@link WorkerStats#errors()}, like every scheduled sweep; nothing is thrown).
     *
     * @return this
     * @throws IllegalStateException if the worker was already started or stopped (a worker is single-use)
     */
    public TaskWorker start() {
        markStarted();
        launch(false);
        return this;
    }

    /**
     * For a batch job: runs {@code recoverExpired(lease)} once, starts the threads, and returns when every thread has
     * found nothing it can work on (each thread stops after a {@code claimBatch} that came back empty, or whose claims
     * were all released as {@code IN_PROGRESS} or lost), when every thread gave up after consecutive faults (see the
     * class comment: check {@link WorkerStats#errors()}), or after {@link #stop(Duration)} from another thread. Rows
     * still RUNNING under a live lease of another process, keys held {@code IN_PROGRESS} by another caller, and rows
     * waiting for their retry time after a failed attempt (not-before in the future) are not waited for: the next
     * run takes them. So a handler that fails every task fails each once per run, not its whole retry budget.
     *
     * <p>First, on the calling thread, {@link TaskClaimer#verifyColumns()} checks the task table's columns and
     * {@link IdempotencyLedger#verifyTable()} the ledger table's (one query each, reading no row); their failure is
     * thrown: a missing task or ledger table or column (such as {@code not_before} on a table created by an earlier
     * version) or an unreachable database ends the job at once with the cause instead of after
     * minutes of backoff. Then the initial sweep runs, before any claim. It skips rows another transaction holds
     * (see {@link TaskClaimer#recoverExpired}), so a worker frozen inside a transaction does not hold up start-up;
     * if it fails all the same (a database error), the failure is logged at ERROR, counted in
     * {@link WorkerStats#sweepFailures()} and {@link WorkerStats#errors()}, and the worker claims anyway, like after
     * a failed scheduled sweep (or {@link #start()}'s first sweep).
     *
     * @return the counters
     * @throws IllegalStateException        if the worker was already started or stopped (a worker is single-use);
     *                                      nothing is swept then
     * @throws IdemcheckDataAccessException if a column check fails, e.g. the task or ledger table or
     *                                      one of its columns does not exist (nothing was claimed; the worker is
     *                                      used up)
     */
    public WorkerStats runUntilIdle() {
        markStarted();
        try {
            claimer.verifyColumns();
            ledger.verifyTable();
        } catch (RuntimeException e) {
            stopSignal.countDown();
            throw e;
        }
        recover();
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

    private void markStarted() {
        if (!started.compareAndSet(false, true)) {
            throw new IllegalStateException("this TaskWorker was already started; a TaskWorker is single-use:"
                    + " build a new one (TaskWorker.builder(...).build())");
        }
        if (stopping()) {
            throw new IllegalStateException("this TaskWorker was stopped before it started; a TaskWorker is"
                    + " single-use: build a new one (TaskWorker.builder(...).build())");
        }
    }

    private void launch(boolean drain) {
        untilIdle = drain;
        final AtomicInteger n = new AtomicInteger();
        ScheduledExecutorService sched = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, ownerPrefix + "/lease");
            t.setDaemon(true);
            return t;
        });
        long hb = Math.max(1, heartbeatEvery.toMillis());
        sched.scheduleWithFixedDelay(this::heartbeat, hb, hb, TimeUnit.MILLISECONDS);
        if (!recoverEvery.isZero()) {
            long rv = Math.max(1, recoverEvery.toMillis());
            sched.scheduleWithFixedDelay(this::recover, drain ? rv : 0, rv, TimeUnit.MILLISECONDS);
        }
        scheduler = sched;
        ExecutorService p = Executors.newFixedThreadPool(threads, r -> new Thread(r, ownerPrefix + "/w" + n.getAndIncrement()));
        for (int i = 0; i < threads; i++) {
            final String owner = ownerPrefix + "/w" + i;
            p.execute(() -> loop(owner));
        }
        pool = p;
        if (stopping() && !drain) {
            // stop() ran while this was starting and saw no pool: the threads exit at once; end the scheduler too
            p.shutdown();
            sched.shutdownNow();
        }
    }

    /**
     * Stops the worker. From the moment it is called no new effect starts, whatever this method returns: no new batch
     * is claimed, and every thread finishes the effect it is running (if any), releases the claims of its batch whose
     * effect has not started (back to PENDING without using their attempt: {@link TaskClaimer#releaseBatch}), records
     * the others ({@code completeBatch}/{@code failBatch}) and exits. If the threads have not exited within the
     * timeout they are interrupted; an effect that ends with an exception because of the interrupt is released
     * without using its attempt (see the class comment), and a thread that ignores the interrupt still starts no other effect and records its batch when its effect
     * returns. Calling it before {@link #start()} makes the worker unusable (single use).
     *
     * @param timeout how long to wait for the effects in progress before interrupting them
     * @return true if every worker thread has exited when this returns: within the timeout, or within a further
     *         {@code max(timeout, 1 s)} after the interrupt; also true for a worker that never started (no thread
     *         exists, nothing can run: the worker is only marked used). False if at least one thread was still
     *         running a further {@code max(timeout, 1 s)} after the interrupt (logged at ERROR), or if the calling
     *         thread was interrupted while waiting
     */
    public boolean stop(Duration timeout) {
        stopSignal.countDown();
        ExecutorService p = pool;
        if (p == null) {
            return true;
        }
        p.shutdown();
        boolean clean;
        try {
            clean = p.awaitTermination(Math.max(0, timeout.toMillis()), TimeUnit.MILLISECONDS);
            if (!clean) {
                p.shutdownNow();
                clean = p.awaitTermination(Math.max(1000, timeout.toMillis()), TimeUnit.MILLISECONDS);
                if (!clean) {
                    log.error("stop({}): a worker thread of {} had still not exited {} after it was interrupted; it"
                            + " starts no other effect and records its batch when its effect returns", timeout,
                            ownerPrefix, Duration.ofMillis(Math.max(1000, timeout.toMillis())));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.shutdownNow();
            clean = false;
        }
        ScheduledExecutorService sched = scheduler;
        if (sched != null) {
            sched.shutdownNow();
        }
        return clean;
    }

    /** {@link #stop(Duration)} with the lease as timeout. */
    @Override
    public void close() {
        stop(lease);
    }

    /** @return a snapshot of the counters */
    public WorkerStats stats() {
        return new WorkerStats(batches.get(), claimed.get(), done.get(), retryPending.get(), dead.get(),
                released.get(), lost.get(), inDoubt.get(), inProgress.get(), unrecorded.get(), errors.get(),
                handlerErrors.get(), recovered.get(), recoveredToDead.get(), sweepFailures.get());
    }

    private boolean stopping() {
        return stopSignal.getCount() == 0;
    }

    /**
     * The wait after the {@code n}-th consecutive fault: {@code first * 2^(n-1)}, at most {@code max}.
     *
     * @param n     consecutive faults so far, at least 1
     * @param first the first wait
     * @param max   the longest wait
     * @return the wait
     */
    static Duration backoff(int n, Duration first, Duration max) {
        if (n <= 1) {
            return first.compareTo(max) <= 0 ? first : max;
        }
        long firstMs = Math.max(1, first.toMillis());
        int shift = Math.min(n - 1, 62);
        long ms = firstMs > (Long.MAX_VALUE >> shift) ? Long.MAX_VALUE : firstMs << shift;
        return ms >= max.toMillis() ? max : Duration.ofMillis(ms);
    }

    private void loop(String owner) {
        int faults = 0;
        while (!stopping() && !Thread.currentThread().isInterrupted()) {
            List<Claim> batch;
            try {
                batch = claimer.claimBatch(owner, batchSize);
            } catch (RuntimeException e) {
                errors.incrementAndGet();
                log.error("worker {}: claiming a batch failed: a database or configuration fault, not the effect's own"
                        + " failure: {}", owner, e.toString(), e);
                if (!backOff(owner, ++faults)) {
                    return;
                }
                continue;
            }
            if (batch.isEmpty()) {
                faults = 0;
                if (untilIdle || !pause(idleWait)) {
                    return;
                }
                continue;
            }
            batches.incrementAndGet();
            claimed.addAndGet(batch.size());
            Object token = new Object();
            for (Claim c : batch) {
                lostLeases.remove(c);
                held.put(c, token);
            }
            BatchResult r;
            try {
                r = process(owner, batch, token);
            } finally {
                for (Claim c : batch) {
                    held.remove(c, token);
                    lostLeases.remove(c, token);
                }
            }
            if (r.faulted) {
                if (!backOff(owner, ++faults)) {
                    return;
                }
                continue;
            }
            faults = 0;
            if (r.progress == 0 && (untilIdle || !pause(idleWait))) {
                return; // nothing here this worker can do now: every claim was released IN_PROGRESS or lost
            }
        }
    }

    /** @return false if the thread must exit (stopped while waiting, or a runUntilIdle thread gives up) */
    private boolean backOff(String owner, int faults) {
        if (untilIdle && faults > 1 && backoff(faults - 1, backoffFirst, backoffMax).compareTo(backoffMax) >= 0) {
            log.error("worker {}: giving up after {} consecutive faults (the last one after the longest backoff, {});"
                    + " runUntilIdle returns; the claims it released are PENDING with their attempts intact", owner,
                    faults, backoffMax);
            return false;
        }
        Duration wait = backoff(faults, backoffFirst, backoffMax);
        log.warn("worker {}: backing off {} after {} consecutive fault(s)", owner, wait, faults);
        return pause(wait);
    }

    /** What one batch came to. */
    private static final class BatchResult {
        /** claims whose effect ran or failed, or whose ledger answer is final (done, failed, in doubt) */
        int progress;
        /** a database or configuration fault happened (in the ledger, prepare, or recording the batch) */
        boolean faulted;
    }

    /** Wraps the task's effect to tell its own failures apart from the ledger's. */
    private static final class TrackedEffect implements Effect {
        private final Effect effect;
        private volatile Throwable thrown;

        TrackedEffect(Effect effect) {
            this.effect = effect;
        }

        @Override
        public String apply(String key) throws Exception {
            try {
                return effect.apply(key);
            } catch (Throwable e) {
                thrown = e;
                throw e;
            }
        }

        /** @return true if {@code e} is the effect's own exception (as thrown, or wrapped in EffectFailedException) */
        boolean threw(Throwable e) {
            Throwable t = thrown;
            return t != null && (e == t || e.getCause() == t);
        }
    }

    private BatchResult process(String owner, List<Claim> batch, Object token) {
        BatchResult result = new BatchResult();
        List<Claim> toComplete = new ArrayList<>(batch.size());
        Map<Claim, Throwable> toFail = new LinkedHashMap<>();
        Map<Claim, String> toRelease = new LinkedHashMap<>();
        String notStarted = null;
        int i = 0;
        for (; i < batch.size(); i++) {
            Claim claim = batch.get(i);
            if (stopping()) {
                notStarted = RELEASED + "the worker is stopping (effect not started)";
                break;
            }
            if (lostLeases.get(claim) == token) {
                lost.incrementAndGet();
                log.warn("worker {}: lease of {} lost before its effect; not started", owner, claim);
                continue;
            }
            TaskWork work;
            try {
                work = handler.prepare(claim);
                if (work == null) {
                    throw new IllegalStateException("TaskHandler.prepare returned null for task " + claim.id()
                            + " (it must return TaskWork.of(key, fingerprint, effect))");
                }
            } catch (Throwable e) {
                if (isDatabaseFault(e)) {
                    notStarted = fault(owner, "TaskHandler.prepare", claim, asException(e), batch.size() - i, toRelease);
                    result.faulted = true;
                    i++;
                    break;
                }
                handlerBug(owner, claim, "TaskHandler.prepare threw", e);
                toFail.put(claim, e);
                continue;
            }
            TrackedEffect effect = new TrackedEffect(work.effect());
            try {
                RunResult r = ledger.runOnce(work.key(), work.fingerprint(), claim.id(), effect);
                if (r.isDone()) {
                    toComplete.add(claim);
                } else if (r.state() == RunResult.State.IN_PROGRESS) {
                    inProgress.incrementAndGet();
                    log.warn("worker {}: idempotency key {} of task {} is IN_PROGRESS (STARTED by another caller within"
                            + " the ledger lease {}); the task is released without using an attempt", owner, work.key(),
                            claim.id(), ledger.lease());
                    toRelease.put(claim, RELEASED + "idempotency key " + work.key() + " is IN_PROGRESS (STARTED by"
                            + " another caller within the ledger lease " + ledger.lease() + ")");
                } else {
                    inDoubt.incrementAndGet();
                    toFail.put(claim, new IllegalStateException("ledger " + r.state() + " for key " + work.key()
                            + ": held for reconciliation, effect not repeated"));
                }
            } catch (Error e) {
                if (!effect.threw(e)) {
                    throw e; // the runtime's own Error (out of memory in the ledger): not the handler's
                }
                handlerBug(owner, claim, "its effect threw an Error (its idempotency key stays STARTED: in doubt"
                        + " after the ledger lease, as after a crash)", e);
                toFail.put(claim, e);
            } catch (RuntimeException e) {
                if (effect.threw(e) && stopping() && interruptedByStop(e)) {
                    log.warn("worker {}: the effect of task {} ended because stop() interrupted it; released without"
                            + " using its attempt: {}", owner, claim.id(), e.toString());
                    toRelease.put(claim, RELEASED + "the worker was stopping and interrupted the effect: " + e);
                } else if (effect.threw(e)) {
                    log.warn("worker {}: task {} failed: {}", owner, claim.id(), e.toString());
                    toFail.put(claim, e);
                } else if (e instanceof IdempotencyConflictException || e instanceof IllegalArgumentException) {
                    handlerBug(owner, claim, "its key or fingerprint is wrong for this task", e);
                    toFail.put(claim, e);
                } else {
                    notStarted = fault(owner, "IdempotencyLedger.runOnce", claim, e, batch.size() - i, toRelease);
                    result.faulted = true;
                    i++;
                    break;
                }
            }
        }
        for (; i < batch.size(); i++) {
            toRelease.put(batch.get(i), notStarted);
        }
        result.progress = toComplete.size() + toFail.size();
        heartbeatLock.lock();
        try {
            for (Claim c : batch) {
                held.remove(c, token);  // recorded next: the heartbeat covers only claims still in hand
            }
        } finally {
            heartbeatLock.unlock();
        }
        CrashPoints.hit(CrashPoints.BEFORE_COMPLETE_BATCH);
        boolean interrupted = Thread.interrupted(); // record the batch even if stop() interrupted the effect
        try {
            record(owner, toComplete, toFail, toRelease, result);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        return result;
    }

    /** Counts and logs (ERROR, with the stack trace) a bug in the handler for one task; the caller fails the claim. */
    private void handlerBug(String owner, Claim claim, String what, Throwable e) {
        handlerErrors.incrementAndGet();
        log.error("worker {}: task {}: a bug in the TaskHandler: {}: {}; the task is failed (its attempt is used;"
                + " it is retried after its retry delay, DEAD at the ceiling)", owner, claim.id(), what, e.toString(), e);
    }

    private static Exception asException(Throwable t) {
        return t instanceof Exception ? (Exception) t : new IllegalStateException(t.toString(), t);
    }

    /**
     * @return true if the thread's interrupt flag is set or the cause chain holds an {@link InterruptedException},
     *         {@link java.io.InterruptedIOException} or {@link java.nio.channels.ClosedByInterruptException}
     */
    static boolean interruptedByStop(Throwable e) {
        if (Thread.currentThread().isInterrupted()) {
            return true;
        }
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Throwable t = e; t != null && seen.add(t); t = t.getCause()) {
            if (t instanceof InterruptedException || t instanceof java.io.InterruptedIOException
                    || t instanceof java.nio.channels.ClosedByInterruptException) {
                return true;
            }
        }
        return false;
    }

    /** Logs and counts a fault on one claim; that claim is released; returns the reason for the rest of the batch. */
    private String fault(String owner, String where, Claim claim, Exception e, int left, Map<Claim, String> toRelease) {
        errors.incrementAndGet();
        log.error("worker {}: {} for task {} failed: a database or configuration fault, not the effect's own failure;"
                + " this claim and the {} not started after it are released without using an attempt: {}", owner,
                where, claim.id(), left - 1, e.toString(), e);
        toRelease.put(claim, RELEASED + where + " failed: " + e);
        return RELEASED + "not started after a fault on task " + claim.id() + ": " + e;
    }

    private void record(String owner, List<Claim> toComplete, Map<Claim, Throwable> toFail,
                        Map<Claim, String> toRelease, BatchResult result) {
        try {
            for (Outcome o : claimer.completeBatch(toComplete).values()) {
                (o == Outcome.OK ? done : lost).incrementAndGet();
            }
        } catch (RuntimeException e) {
            errors.incrementAndGet();
            result.faulted = true;
            log.error("worker {}: completing {} recorded tasks failed: a database or configuration fault, not the"
                    + " effect's own failure; releasing them instead (their effects are recorded and will be replayed,"
                    + " not repeated)", owner, toComplete.size(), e);
            for (Claim c : toComplete) {
                toRelease.put(c, RELEASED + "completing failed: " + e);
            }
        }
        try {
            for (Outcome o : claimer.failBatch(toFail).values()) {
                (o == Outcome.DEAD ? dead : o == Outcome.RETRY_PENDING ? retryPending : lost).incrementAndGet();
            }
        } catch (RuntimeException e) {
            errors.incrementAndGet();
            result.faulted = true;
            log.error("worker {}: recording {} failed tasks failed: a database or configuration fault, not the effect's"
                    + " own failure; releasing them instead", owner, toFail.size(), e);
            for (Claim c : toFail.keySet()) {
                toRelease.put(c, RELEASED + "recording the failure failed: " + e);
            }
        }
        try {
            for (Outcome o : claimer.releaseBatch(toRelease).values()) {
                (o == Outcome.OK ? released : lost).incrementAndGet();
            }
        } catch (RuntimeException e) {
            errors.incrementAndGet();
            result.faulted = true;
            unrecorded.addAndGet(toRelease.size());
            log.error("worker {}: releasing {} claims failed: a database or configuration fault, not the effect's own"
                    + " failure; they stay RUNNING until a sweep of expired leases recovers them", owner,
                    toRelease.size(), e);
        }
    }

    /** @return true if an {@link SQLException} or {@link IdemcheckDataAccessException} is in the cause chain */
    static boolean isDatabaseFault(Throwable e) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Throwable t = e; t != null && seen.add(t); t = t.getCause()) {
            if (t instanceof SQLException || t instanceof IdemcheckDataAccessException) {
                return true;
            }
        }
        return false;
    }

    private void heartbeat() {
        heartbeatLock.lock();
        try {
            Map<Claim, Object> now = new HashMap<>(held);
            if (now.isEmpty()) {
                return;
            }
            try {
                for (Map.Entry<Claim, Outcome> e : claimer.heartbeatBatch(new ArrayList<>(now.keySet())).entrySet()) {
                    if (e.getValue() == Outcome.LOST) {
                        lostLeases.put(e.getKey(), now.get(e.getKey()));
                    }
                }
            } catch (RuntimeException e) {
                errors.incrementAndGet();
                log.error("heartbeat of {} claims failed", now.size(), e);
            }
        } finally {
            heartbeatLock.unlock();
        }
    }

    private void recover() {
        try {
            RecoveryCounts r = claimer.recoverExpired(lease);
            recovered.addAndGet(r.total());
            recoveredToDead.addAndGet(r.toDead());
        } catch (RuntimeException e) {
            errors.incrementAndGet();
            sweepFailures.incrementAndGet();
            log.error("recovering expired leases failed; claiming goes on, the next sweep tries again", e);
        }
    }

    /** @return false if the worker was stopped while waiting */
    private boolean pause(Duration wait) {
        try {
            return !stopSignal.await(Math.max(1, wait.toMillis()), TimeUnit.MILLISECONDS);
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
        private Duration backoffFirst = Duration.ofSeconds(1);
        private Duration backoffMax = Duration.ofMinutes(1);

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
         * @throws IllegalArgumentException if {@code prefix} is null, empty or blank (workers of different processes
         *                                  could not be told apart in the owner column)
         */
        public Builder ownerPrefix(String prefix) {
            if (prefix == null) {
                throw new IllegalArgumentException("ownerPrefix must not be null");
            }
            if (prefix.trim().isEmpty()) {
                throw new IllegalArgumentException("ownerPrefix must not be empty or blank: '" + prefix + "'");
            }
            this.ownerPrefix = prefix;
            return this;
        }

        /**
         * @param lease the task lease: rows RUNNING longer than this without a heartbeat are recovered by the
         *              scheduled sweep; positive (default 5 minutes); longer than {@link #heartbeatEvery} (checked
         *              by {@link #build()})
         * @return this
         * @throws NullPointerException     if {@code lease} is null (the message names it)
         * @throws IllegalArgumentException if {@code lease} is zero or negative
         */
        public Builder lease(Duration lease) {
            Objects.requireNonNull(lease, "lease");
            if (lease.isNegative() || lease.isZero()) {
                throw new IllegalArgumentException("lease must be positive: " + lease);
            }
            this.lease = lease;
            return this;
        }

        /**
         * @param every heartbeat period for the claims in hand (default lease / 3); positive and shorter than the
         *              lease (checked by {@link #build()})
         * @return this
         * @throws NullPointerException     if {@code every} is null (the message names heartbeatEvery)
         * @throws IllegalArgumentException if {@code every} is zero or negative
         */
        public Builder heartbeatEvery(Duration every) {
            Objects.requireNonNull(every, "heartbeatEvery");
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
            Objects.requireNonNull(every, "recoverEvery");
            if (every.isNegative()) {
                throw new IllegalArgumentException("recoverEvery must not be negative: " + every);
            }
            this.recoverEvery = every;
            return this;
        }

        /**
         * @param wait how long a thread waits after an empty batch (or a batch it could do nothing with) before
         *             claiming again (default 1 s); after a fault it waits the {@link #faultBackoff} instead
         * @return this
         */
        public Builder idleWait(Duration wait) {
            Objects.requireNonNull(wait, "idleWait");
            if (wait.isNegative()) {
                throw new IllegalArgumentException("idleWait must not be negative: " + wait);
            }
            this.idleWait = wait;
            return this;
        }

        /**
         * How long a thread waits after a fault (a failed {@code claimBatch}, or a database or configuration fault
         * while running a batch) before it claims again: {@code first}, doubled after every consecutive fault, at
         * most {@code max}. A {@link TaskWorker#runUntilIdle()} thread gives up after a fault that follows a wait of
         * {@code max}.
         *
         * @param first the first wait, positive (default 1 s)
         * @param max   the longest wait, at least {@code first} (default 1 minute)
         * @return this
         * @throws IllegalArgumentException if {@code first} is not positive or {@code max < first}
         */
        public Builder faultBackoff(Duration first, Duration max) {
            Objects.requireNonNull(first, "faultBackoff first");
            Objects.requireNonNull(max, "faultBackoff max");
            if (first.isNegative() || first.isZero()) {
                throw new IllegalArgumentException("faultBackoff first wait must be positive: " + first);
            }
            if (max.compareTo(first) < 0) {
                throw new IllegalArgumentException("faultBackoff max " + max + " is shorter than the first wait " + first);
            }
            this.backoffFirst = first;
            this.backoffMax = max;
            return this;
        }

        /**
         * @return the worker (not started; it can be started once)
         * @throws IllegalArgumentException if {@code heartbeatEvery} is not shorter than the lease (the lease would
         *                                  expire between heartbeats and a sweep could recover a live claim; the
         *                                  default, lease / 3, always is)
         */
        public TaskWorker build() {
            if (heartbeatEvery != null && heartbeatEvery.compareTo(lease) >= 0) {
                throw new IllegalArgumentException("heartbeatEvery " + heartbeatEvery + " must be shorter than the lease "
                        + lease + " (e.g. lease / 3): a lease would expire between heartbeats");
            }
            return new TaskWorker(this);
        }
    }
}
