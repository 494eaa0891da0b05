package io.idemcheck.runtime.test;

import io.idemcheck.runtime.Claim;
import io.idemcheck.runtime.CrashPoints;
import io.idemcheck.runtime.IdempotencyKeys;
import io.idemcheck.runtime.IdempotencyLedger;
import io.idemcheck.runtime.LeaseLostException;
import io.idemcheck.runtime.Outcome;
import io.idemcheck.runtime.RecoveryMode;
import io.idemcheck.runtime.RunResult;
import io.idemcheck.runtime.TaskClaimer;
import io.idemcheck.runtime.TaskTable;
import io.idemcheck.runtime.TaskWork;
import io.idemcheck.runtime.TaskWorker;
import io.idemcheck.runtime.WorkerStats;
import io.idemcheck.runtime.support.TinyPool;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The job the crash matrix runs in child JVMs. Arguments are {@code key=value}:
 * <ul>
 *   <li>{@code url user password}: the database;</li>
 *   <li>{@code tasks ledger sends applied}: table names (the sink writes every send to {@code sends}; a keyed sink
 *       also inserts the key into {@code applied}, whose primary key deduplicates);</li>
 *   <li>{@code mode}: {@code library} (claim, {@code ledger.runOnce}, complete), {@code tx}
 *       ({@code runOnceInTransaction}: the effect row, the ledger row and the completion commit together) or
 *       {@code control} (no library: select PENDING, effect, mark DONE) or {@code worker} ({@link TaskWorker}:
 *       {@code claimBatch}, {@code runOnce} per claim, {@code completeBatch}/{@code failBatch}; with
 *       {@code batchSize}, {@code workerLeaseMs}, and {@code crashAtEffect=N}: after the N-th send of this JVM hit the
 *       crash point {@code mid-batch});</li>
 *   <li>{@code sink}: {@code keyed} or {@code plain}; {@code recovery}: {@code retry} or {@code hold};
 *       {@code ledgerLeaseMs}; {@code threads}; {@code loop} (keep going until nothing is PENDING);
 *       {@code pause} (before the effect print {@code PAUSE-POINT <id>} and wait for a line on stdin);
 *       {@code retryBackoffMs} (a fixed retry delay after a failed attempt; default: the runtime's backoff).</li>
 * </ul>
 * Prints {@code COMPLETE <id> <outcome>}, {@code RESULT <id> <state>} and a final
 * {@code SUMMARY claimed=N done=N inDoubt=N lost=N}.
 */
public final class MatrixJob {
    private final Map<String, String> a;
    private final TinyPool pool;
    private final TinyPool sinkPool;
    private final TaskClaimer claimer;
    private final IdempotencyLedger ledger;
    private final AtomicInteger claimed = new AtomicInteger();
    private final AtomicInteger done = new AtomicInteger();
    private final AtomicInteger inDoubt = new AtomicInteger();
    private final AtomicInteger lost = new AtomicInteger();
    private final String pid = ManagementFactory.getRuntimeMXBean().getName();

    private MatrixJob(Map<String, String> a) {
        this.a = a;
        this.pool = new TinyPool(a.get("url"), a.get("user"), a.getOrDefault("password", ""));
        this.sinkPool = new TinyPool(a.get("url"), a.get("user"), a.getOrDefault("password", ""));
        TaskTable.Builder table = TaskTable.builder(a.get("tasks"));
        if (a.containsKey("retryBackoffMs")) {
            Duration d = Duration.ofMillis(Long.parseLong(a.get("retryBackoffMs")));
            table.retryBackoff(d, d);
        }
        this.claimer = new TaskClaimer(pool, table.build());
        this.ledger = IdempotencyLedger.builder(pool).table(a.get("ledger"))
                .lease(Duration.ofMillis(Long.parseLong(a.getOrDefault("ledgerLeaseMs", "300000"))))
                .recoveryMode("hold".equals(a.get("recovery")) ? RecoveryMode.HOLD_IN_DOUBT
                        : RecoveryMode.RETRY_WITH_SAME_KEY)
                .build();
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> a = new HashMap<>();
        for (String s : args) {
            int i = s.indexOf('=');
            a.put(s.substring(0, i), s.substring(i + 1));
        }
        MatrixJob job = new MatrixJob(a);
        int threads = Integer.parseInt(a.getOrDefault("threads", "1"));
        if ("worker".equals(a.get("mode"))) {
            System.exit(job.runWorker(threads));
        }
        List<Thread> ts = new ArrayList<>();
        List<Throwable> errors = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            String owner = job.pid + "/t" + i;
            Thread t = new Thread(() -> {
                try {
                    job.work(owner);
                } catch (Throwable e) {
                    synchronized (errors) {
                        errors.add(e);
                    }
                    e.printStackTrace();
                }
            }, owner);
            ts.add(t);
            t.start();
        }
        for (Thread t : ts) {
            t.join();
        }
        System.out.println("SUMMARY claimed=" + job.claimed + " done=" + job.done + " inDoubt=" + job.inDoubt
                + " lost=" + job.lost);
        System.out.flush();
        job.pool.close();
        job.sinkPool.close();
        System.exit(errors.isEmpty() ? 0 : 1);
    }

    private void work(String owner) throws Exception {
        boolean loop = Boolean.parseBoolean(a.getOrDefault("loop", "false"));
        String mode = a.getOrDefault("mode", "library");
        long start = loop ? ThreadLocalRandom.current().nextLong(Long.parseLong(a.getOrDefault("maxId", "1"))) : 0;
        while (true) {
            List<Long> ids = pendingIds(start);
            if (ids.isEmpty()) {
                if (start > 0) {
                    start = 0;
                    continue;
                }
                return;
            }
            for (long id : ids) {
                if ("control".equals(mode)) {
                    control(id, owner);
                } else {
                    withLibrary(id, owner, "tx".equals(mode));
                }
            }
            if (!loop) {
                return;
            }
            start = ids.get(ids.size() - 1) + 1;
        }
    }

    private final AtomicInteger sent = new AtomicInteger();

    /** The batch worker: claimBatch, runOnce per claim with its key, completeBatch / failBatch. */
    private int runWorker(int threads) {
        boolean keyed = !"plain".equals(a.get("sink"));
        int crashAt = Integer.parseInt(a.getOrDefault("crashAtEffect", "0"));
        boolean pause = Boolean.parseBoolean(a.getOrDefault("pause", "false"));
        TaskWorker worker = TaskWorker.builder(claimer, ledger, claim -> {
            long id = ((Number) claim.id()).longValue();
            return TaskWork.of(IdempotencyKeys.of("effect", id), IdempotencyKeys.fingerprint(id), k -> {
                if (pause && sent.get() == 0) {
                    pauseIfAsked(id);
                }
                send(k, id, claim.owner(), keyed);
                if (sent.incrementAndGet() == crashAt) {
                    CrashPoints.hit("mid-batch");
                }
                System.out.println("SENT " + id);
                return "applied by " + claim.owner();
            });
        }).threads(threads).batchSize(Integer.parseInt(a.getOrDefault("batchSize", "100")))
                .lease(Duration.ofMillis(Long.parseLong(a.getOrDefault("workerLeaseMs", "60000"))))
                .idleWait(Duration.ofMillis(20)).ownerPrefix(pid).build();
        WorkerStats st = worker.runUntilIdle();
        System.out.println("SUMMARY claimed=" + st.claimed() + " done=" + st.done() + " inDoubt=" + st.inDoubt()
                + " lost=" + st.lost() + " dead=" + st.dead() + " retryPending=" + st.retryPending() + " released="
                + st.released() + " inProgress=" + st.inProgress() + " errors="
                + st.errors() + " handlerErrors=" + st.handlerErrors() + " unrecorded=" + st.unrecorded());
        System.out.flush();
        pool.close();
        sinkPool.close();
        return st.allErrors() == 0 && st.unrecorded() == 0 ? 0 : 1;
    }

    /** The unsafe shape: SELECT PENDING, effect, then mark DONE. */
    private void control(long id, String owner) throws SQLException {
        send("control:" + id, id, owner, false);
        CrashPoints.hit("after-effect");
        try (Connection c = pool.getConnection();
             PreparedStatement ps = c.prepareStatement("UPDATE " + a.get("tasks") + " SET status='DONE' WHERE id=?")) {
            ps.setLong(1, id);
            ps.executeUpdate();
        }
        done.incrementAndGet();
        System.out.println("COMPLETE " + id + " CONTROL");
    }

    private void withLibrary(long id, String owner, boolean tx) throws Exception {
        Optional<Claim> maybe = claimer.claim(id, owner);
        if (!maybe.isPresent()) {
            return;
        }
        Claim claim = maybe.get();
        claimed.incrementAndGet();
        String key = IdempotencyKeys.of("effect", id);
        String fp = IdempotencyKeys.fingerprint(id);
        boolean keyed = !"plain".equals(a.get("sink"));
        try {
            RunResult r;
            if (tx) {
                r = ledger.runOnceInTransaction(key, fp, claim.id(), (conn, k) -> {
                    sendInTransaction(conn, k, id, owner);
                    if (claimer.complete(conn, claim) != Outcome.OK) {
                        throw new LeaseLostException(claim, "complete");
                    }
                    return "applied by " + owner;
                });
            } else {
                r = ledger.runOnce(key, fp, claim.id(), k -> {
                    pauseIfAsked(id);
                    send(k, id, owner, keyed);
                    return "applied by " + owner;
                });
            }
            System.out.println("RESULT " + id + " " + r.state());
            if (r.isDone()) {
                Outcome o = tx && r.state() != RunResult.State.REPLAYED ? Outcome.OK : claimer.complete(claim);
                System.out.println("COMPLETE " + id + " " + o);
                (o == Outcome.OK ? done : lost).incrementAndGet();
            } else {
                inDoubt.incrementAndGet();
                claimer.fail(claim, new IllegalStateException("ledger " + r.state() + " for " + key));
            }
        } catch (RuntimeException e) {
            System.out.println("FAILED " + id + " " + e);
            claimer.fail(claim, e);
        }
    }

    private void pauseIfAsked(long id) {
        if (!Boolean.parseBoolean(a.getOrDefault("pause", "false"))) {
            return;
        }
        System.out.println("PAUSE-POINT " + id);
        System.out.flush();
        try {
            String go = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
            System.out.println("RESUMED " + id + " " + go);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The external effect: its own auto-commit connection, so it survives a kill of this JVM. */
    private void send(String key, long id, String owner, boolean keyed) {
        try (Connection c = sinkPool.getConnection()) {
            insert(c, a.get("sends"), key, id, owner);
            if (keyed) {
                try {
                    insert(c, a.get("applied"), key, id, owner);
                } catch (SQLException e) {
                    if (e.getSQLState() == null || !e.getSQLState().startsWith("23")) {
                        throw e;
                    }
                    // the key was applied before: the downstream deduplicates
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("sink failed", e);
        }
    }

    /** The database-local effect: on the ledger's transaction (the attempt is logged on its own connection). */
    private void sendInTransaction(Connection conn, String key, long id, String owner) throws SQLException {
        try (Connection c = sinkPool.getConnection()) {
            insert(c, a.get("sends"), key, id, owner);
        }
        insert(conn, a.get("applied"), key, id, owner);
    }

    private static void insert(Connection c, String table, String key, long id, String owner) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "INSERT INTO " + table + " (idem_key, task_id, owner) VALUES (?, ?, ?)")) {
            ps.setString(1, key);
            ps.setLong(2, id);
            ps.setString(3, owner);
            ps.executeUpdate();
        }
    }

    private List<Long> pendingIds(long from) throws SQLException {
        List<Long> ids = new ArrayList<>();
        try (Connection c = pool.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT id FROM " + a.get("tasks")
                     + " WHERE status = 'PENDING' AND id >= ? ORDER BY id LIMIT 50")) {
            ps.setLong(1, from);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getLong(1));
                }
            }
        }
        return ids;
    }
}
