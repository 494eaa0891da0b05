package io.idemcheck.runtime.test;

import io.idemcheck.runtime.IdempotencyKeys;
import io.idemcheck.runtime.IdempotencyLedger;
import io.idemcheck.runtime.LedgerTable;
import io.idemcheck.runtime.ReconciliationReport;
import io.idemcheck.runtime.Reconciler;
import io.idemcheck.runtime.TaskClaimer;
import io.idemcheck.runtime.TaskTable;
import io.idemcheck.runtime.test.support.Db;
import io.idemcheck.runtime.support.TinyPool;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The crash matrix: the runtime library driven through the kill-midway harness, one subclass per database.
 * Every scenario SIGKILLs a child JVM at a crash point, recovers with a short lease on the database clock and lets a
 * second child finish; the probe tables (written on their own auto-commit connection) show what really happened.
 */
@ExtendWith(KillMidwayExtension.class)
abstract class AbstractCrashMatrixTest {
    static final Duration LEASE = Duration.ofMillis(300);
    static final Duration WAIT = Duration.ofSeconds(20);
    private static final Map<Db, Optional<String>> REACHABILITY = new ConcurrentHashMap<>();
    /** name of scenario -> milliseconds, printed after each class. */
    private static final Map<String, Long> TIMINGS = new ConcurrentSkipListMap<>();

    protected abstract Db db();

    TinyPool pool;
    String tasks;
    String ledger;
    String sends;
    String applied;
    TaskTable taskTable;
    TaskClaimer claimer;
    private long t0;
    private String testName;

    @BeforeEach
    void setUp(TestInfo info) throws SQLException {
        Optional<String> reason = REACHABILITY.computeIfAbsent(db(), d -> Optional.ofNullable(d.unreachableReason()));
        if (reason.isPresent()) {
            if (Db.databasesRequired()) {
                fail("IDEMCHECK_REQUIRE_DATABASES=1 but " + reason.get());
            }
            Assumptions.abort("skipped: " + reason.get());
        }
        String p = Db.uniquePrefix();
        tasks = p + "task";
        ledger = p + "ledger";
        sends = p + "sends";
        applied = p + "applied";
        pool = db().newPool();
        try (Connection c = pool.getConnection()) {
            Db.execute(c, db().ddl("task_table_example.sql", tasks, ledger));
            Db.execute(c, db().ddl("idempotency_ledger.sql", tasks, ledger));
            Db.execute(c, List.of(
                    "CREATE TABLE " + sends + " (idem_key VARCHAR(255) NOT NULL, task_id BIGINT NOT NULL, owner VARCHAR(128))",
                    "CREATE TABLE " + applied + " (idem_key VARCHAR(255) NOT NULL PRIMARY KEY, task_id BIGINT NOT NULL,"
                            + " owner VARCHAR(128))"));
        }
        taskTable = TaskTable.defaults(tasks);
        claimer = new TaskClaimer(pool, taskTable);
        testName = db().displayName() + " " + info.getDisplayName();
        t0 = System.nanoTime();
    }

    @AfterEach
    void tearDown() throws SQLException {
        if (pool == null) {
            return;
        }
        TIMINGS.put(testName, (System.nanoTime() - t0) / 1_000_000);
        try (Connection c = pool.getConnection(); Statement s = c.createStatement()) {
            for (String t : new String[]{tasks, ledger, sends, applied}) {
                s.execute("DROP TABLE IF EXISTS " + t);
            }
        } finally {
            pool.close();
        }
    }

    @AfterAll
    static void printTimings() {
        StringBuilder sb = new StringBuilder("crash matrix timings (ms):\n");
        TIMINGS.forEach((k, v) -> sb.append(String.format("  %6d  %s%n", v, k)));
        System.out.print(sb);
        TIMINGS.clear();
    }

    // ------------------------------------------------------------------ the matrix

    /**
     * Key-aware sink, RETRY_WITH_SAME_KEY, effect outside the database ({@code ledger.runOnce}): whatever the crash
     * point, the effect is applied exactly once and reconciliation is clean.
     */
    @ParameterizedTest(name = "runOnce, keyed sink, killed at {0}")
    @ValueSource(strings = {"after-claim", "after-ledger-begin", "after-effect-before-record", "after-record-commit",
            "after-complete"})
    void keyedSinkIsAppliedExactlyOnce(String point, KillMidwayHarness h) throws Exception {
        insertTasks(1);
        KillMidwayRun run = h.killMidway(job("library", "keyed", "retry"), point, this::recover);

        assertThat(run.crashed().exitCode()).as(run.describe()).isEqualTo(ChildResult.SIGKILL_EXIT_CODE);
        assertThat(run.restartExitCode()).as(run.describe()).isZero();
        assertThat(count(applied, 1)).as("effect applied exactly once\n" + run.describe()).isEqualTo(1);
        assertThat(taskStatus(1)).isEqualTo("DONE");
        assertThat(ledgerStatus(1)).isEqualTo("DONE");
        int expectedSends = point.equals("after-effect-before-record") ? 2 : 1;
        assertThat(count(sends, 1)).as("sends (a retry with the same key is absorbed by the sink)")
                .isEqualTo(expectedSends);
        assertClean();
    }

    /**
     * The effect inside the database ({@code runOnceInTransaction}): effect row, ledger row and completion commit
     * together, so a kill before the commit leaves nothing and a kill after it leaves everything.
     */
    @ParameterizedTest(name = "runOnceInTransaction, killed at {0}")
    @ValueSource(strings = {"after-claim", "after-effect-before-record", "after-record-before-commit",
            "after-record-commit"})
    void transactionalEffectIsAppliedExactlyOnce(String point, KillMidwayHarness h) throws Exception {
        insertTasks(1);
        KillMidwayRun run = h.killMidway(job("tx", "keyed", "hold"), point, this::recover);

        assertThat(run.restartExitCode()).as(run.describe()).isZero();
        assertThat(count(applied, 1)).as("effect applied exactly once\n" + run.describe()).isEqualTo(1);
        assertThat(taskStatus(1)).isEqualTo("DONE");
        assertThat(ledgerStatus(1)).isEqualTo("DONE");
        assertClean();
    }

    /**
     * A sink that cannot deduplicate, HOLD_IN_DOUBT: when the kill leaves a STARTED key, the restart does not repeat
     * the effect; the reconciler lists the key in doubt. Otherwise the effect is applied once and all is clean.
     */
    @ParameterizedTest(name = "runOnce, plain sink, killed at {0}")
    @ValueSource(strings = {"after-ledger-begin", "after-effect-before-record", "after-record-commit"})
    void plainSinkIsNeverRepeatedAndTheKeyIsReported(String point, KillMidwayHarness h) throws Exception {
        insertTasks(1);
        KillMidwayRun run = h.killMidway(job("library", "plain", "hold"), point, this::recover);

        assertThat(run.restartExitCode()).as(run.describe()).isZero();
        ReconciliationReport report = reconciler().check();
        if (point.equals("after-record-commit")) {
            assertThat(count(sends, 1)).as(run.describe()).isEqualTo(1);
            assertThat(taskStatus(1)).isEqualTo("DONE");
            assertThat(report.isClean()).as(report.toString()).isTrue();
            return;
        }
        int before = point.equals("after-effect-before-record") ? 1 : 0;
        assertThat(count(sends, 1)).as("the effect is NOT repeated by the restart\n" + run.describe())
                .isEqualTo(before);
        assertThat(run.restarted().stdoutLines()).contains("RESULT 1 IN_DOUBT");
        assertThat(report.inDoubtKeys()).as(report.toString()).hasSize(1);
        assertThat(report.inDoubtKeys().get(0).key()).isEqualTo(IdempotencyKeys.of("effect", 1L));
        assertThat(report.inDoubtKeys().get(0).taskId()).isEqualTo("1");
        assertThat(taskStatus(1)).as("failed back to PENDING, not DONE").isEqualTo("PENDING");
    }

    /** Control: the same job without the library charges twice after kill + restart; the harness can see it. */
    @Test
    void controlRunWithoutTheLibraryAppliesTheEffectTwice(KillMidwayHarness h) throws Exception {
        insertTasks(1);
        KillMidwayRun run = h.killMidway(job("control", "plain", "hold"), "after-effect", Recovery.NONE);

        assertThat(run.crashExitCode()).isEqualTo(ChildResult.SIGKILL_EXIT_CODE);
        assertThat(run.restartExitCode()).as(run.describe()).isZero();
        assertThat(count(sends, 1)).as("duplicate effect\n" + run.describe()).isEqualTo(2);
        assertThat(taskStatus(1)).isEqualTo("DONE");
    }

    /**
     * A worker frozen by SIGSTOP past its lease (before its effect) loses the task to another worker; after SIGCONT
     * its late effect is absorbed by the key and its {@code complete} reports LOST.
     */
    @Test
    void pausedWorkerCannotCompleteAndItsLateEffectIsAbsorbed(KillMidwayHarness h) throws Exception {
        insertTasks(1);
        ChildJvm zombie = h.start("zombie", job("library", "keyed", "retry").withArgs(
                concat(job("library", "keyed", "retry").args(), "pause=true")));
        zombie.awaitLine("PAUSE-POINT 1", WAIT);
        zombie.pause();
        zombie.writeLine("go"); // read only after SIGCONT
        assertThat(taskStatus(1)).isEqualTo("RUNNING");
        recover(null);

        ChildResult second = h.run(job("library", "keyed", "retry"));
        assertThat(second.exitCode()).as(second.describe()).isZero();
        assertThat(second.stdoutLines()).contains("RESULT 1 RETRIED", "COMPLETE 1 OK");
        String winner = owner(1);

        zombie.resume();
        ChildResult late = zombie.awaitExit(WAIT);
        assertThat(late.exitCode()).as(late.describe()).isZero();
        assertThat(late.stdoutLines()).as(late.describe()).contains("RESUMED 1 go", "RESULT 1 REPLAYED",
                "COMPLETE 1 LOST");

        assertThat(count(sends, 1)).as("both workers sent the effect").isEqualTo(2);
        assertThat(count(applied, 1)).as("the key absorbed the late one").isEqualTo(1);
        assertThat(queryString("SELECT owner FROM " + applied + " WHERE task_id = 1")).isEqualTo(winner);
        assertThat(taskStatus(1)).isEqualTo("DONE");
        assertThat(queryString("SELECT attempts FROM " + tasks + " WHERE id = 1")).isEqualTo("2");
        assertClean();
    }

    /** Two JVMs x 4 threads x 2000 tasks: every task claimed exactly once, every effect applied once. */
    @Test
    void twoJvmClusterClaimsEveryTaskExactlyOnce(KillMidwayHarness h) throws Exception {
        int n = 2000;
        insertTasks(n);
        List<String> args = concat(job("library", "keyed", "retry").args(), "threads=4", "loop=true",
                "maxId=" + n, "ledgerLeaseMs=300000");
        ChildJvm a = h.start("node-a", JobSpec.of(MatrixJob.class).withArgs(args).withJvmArgs(QUIET));
        ChildJvm b = h.start("node-b", JobSpec.of(MatrixJob.class).withArgs(args).withJvmArgs(QUIET));
        ChildResult ra = a.awaitExit(Duration.ofSeconds(120));
        ChildResult rb = b.awaitExit(Duration.ofSeconds(120));
        assertThat(ra.exitCode()).as(ra.stderr()).isZero();
        assertThat(rb.exitCode()).as(rb.stderr()).isZero();

        int claimedA = summary(ra, "claimed");
        int claimedB = summary(rb, "claimed");
        System.out.println(db().displayName() + " cluster: node-a claimed " + claimedA + ", node-b claimed " + claimedB);
        assertThat(claimedA + claimedB).isEqualTo(n);
        assertThat(queryString("SELECT COUNT(*) FROM " + tasks + " WHERE status = 'DONE' AND attempts = 1"))
                .isEqualTo(String.valueOf(n));
        assertThat(queryString("SELECT COUNT(*) FROM " + sends)).as("no effect ran twice").isEqualTo(String.valueOf(n));
        assertThat(queryString("SELECT COUNT(DISTINCT idem_key) FROM " + sends)).isEqualTo(String.valueOf(n));
        assertThat(queryString("SELECT COUNT(*) FROM " + applied)).isEqualTo(String.valueOf(n));
        assertClean();
    }

    // ------------------------------------------------------------------ batches (TaskWorker)

    static final int BATCH = 6;

    JobSpec worker(String sink, String recovery, String... more) {
        JobSpec base = job("worker", sink, recovery);
        List<String> args = concat(base.args(), "batchSize=" + BATCH, "crashAtEffect=4");
        args.addAll(List.of(more));
        return base.withArgs(args);
    }

    int totalSends() throws SQLException {
        return Integer.parseInt(queryString("SELECT COUNT(*) FROM " + sends));
    }

    /**
     * The batch worker killed after claiming a batch, in the middle of a batch (3 effects recorded, the 4th sent but
     * not recorded), and between the batch's effects and its completion: every effect is applied exactly once, every
     * task is DONE on its second attempt, the ledger is DONE and reconciliation is clean.
     */
    @ParameterizedTest(name = "batch worker, keyed sink, killed at {0}")
    @ValueSource(strings = {"after-claim-batch", "mid-batch", "before-complete-batch"})
    void batchWorkerAppliesEveryEffectExactlyOnce(String point, KillMidwayHarness h) throws Exception {
        insertTasks(BATCH);
        KillMidwayRun run = h.killMidway(worker("keyed", "retry"), point, this::recover);

        assertThat(run.crashed().exitCode()).as(run.describe()).isEqualTo(ChildResult.SIGKILL_EXIT_CODE);
        assertThat(run.restartExitCode()).as(run.describe()).isZero();
        long sentBeforeKill = run.crashed().stdoutLines().stream().filter(l -> l.startsWith("SENT ")).count();
        assertThat(sentBeforeKill).as("effects recorded before the kill\n" + run.describe())
                .isEqualTo(point.equals("after-claim-batch") ? 0 : point.equals("mid-batch") ? 3 : BATCH);
        for (long id = 1; id <= BATCH; id++) {
            assertThat(count(applied, id)).as("task %s applied exactly once\n%s", id, run.describe()).isEqualTo(1);
            assertThat(taskStatus(id)).isEqualTo("DONE");
            assertThat(ledgerStatus(id)).isEqualTo("DONE");
        }
        assertThat(queryString("SELECT COUNT(*) FROM " + tasks + " WHERE attempts = 2"))
                .as("every row claimed by the killed JVM and once more by the restart").isEqualTo(String.valueOf(BATCH));
        // mid-batch: the 4th effect was sent before the kill and sent again with the same key (absorbed by the sink)
        assertThat(totalSends()).as(run.describe()).isEqualTo(point.equals("mid-batch") ? BATCH + 1 : BATCH);
        assertClean();
    }

    /**
     * A sink that cannot deduplicate, HOLD_IN_DOUBT, killed mid-batch: the 4th effect is never repeated; its key is
     * held in doubt and the restart fails its task once (an attempt used, then its retry delay): it is neither
     * re-claimed at once until DEAD within the restart (the bug this guards against) nor repeated. The operator checks
     * the downstream and marks the key done; the next run, after the retry time, replays it and completes the task.
     */
    @Test
    void batchWorkerHoldsTheInDoubtKeyWithoutSpendingItsRetriesAndMarkDoneResolvesIt(KillMidwayHarness h) throws Exception {
        insertTasks(BATCH);
        KillMidwayRun run = h.killMidway(worker("plain", "hold", "retryBackoffMs=1500"), "mid-batch", this::recover);

        assertThat(run.crashed().exitCode()).as(run.describe()).isEqualTo(ChildResult.SIGKILL_EXIT_CODE);
        assertThat(run.restartExitCode()).as(run.describe()).isZero();
        List<String> sentFirst = run.crashed().stdoutLines().stream().filter(l -> l.startsWith("SENT ")).toList();
        assertThat(sentFirst).hasSize(3);
        String inDoubt = queryString("SELECT task_id FROM " + ledger + " WHERE status = 'STARTED'");
        assertThat(inDoubt).as(run.describe()).isNotNull();
        long id = Long.parseLong(inDoubt);
        assertThat(totalSends()).as("no effect sent twice\n" + run.describe()).isEqualTo(BATCH);
        assertThat(queryString("SELECT COUNT(DISTINCT task_id) FROM " + sends)).isEqualTo(String.valueOf(BATCH));
        assertThat(queryString("SELECT COUNT(*) FROM " + tasks + " WHERE status = 'DONE'")).isEqualTo(String.valueOf(BATCH - 1));
        assertThat(summary(run.restarted(), "inDoubt")).as(run.describe()).isEqualTo(1);
        assertThat(summary(run.restarted(), "claimed")).as("the in-doubt task is claimed once by the restart")
                .isEqualTo(BATCH);
        assertThat(summary(run.restarted(), "dead")).isZero();
        assertThat(taskStatus(id)).as("failed once, waiting for its retry time, not DEAD").isEqualTo("PENDING");
        assertThat(queryString("SELECT attempts FROM " + tasks + " WHERE id = ?", id))
                .as("the killed claim and one IN_DOUBT failure").isEqualTo("2");
        assertThat(queryString("SELECT last_error FROM " + tasks + " WHERE id = ?", id)).contains("IN_DOUBT");
        ReconciliationReport report = reconciler().check();
        assertThat(report.deadCount()).isZero();
        assertThat(report.inDoubtKeys()).as(report.toString()).hasSize(1);
        assertThat(report.inDoubtKeys().get(0).taskId()).isEqualTo(inDoubt);
        assertThat(report.inDoubtKeys().get(0).key()).isEqualTo(IdempotencyKeys.of("effect", id));

        // the operator: the downstream shows the 4th effect happened -> markDone; the next run replays it
        IdempotencyLedger l = IdempotencyLedger.builder(pool).table(ledger).lease(LEASE).build();
        assertThat(l.markDone(IdempotencyKeys.of("effect", id), "checked downstream by hand")).isTrue();
        sleep(1600);
        ChildResult third = h.run(worker("plain", "hold", "retryBackoffMs=1500"));
        assertThat(third.exitCode()).as(third.describe()).isZero();
        assertThat(summary(third, "done")).as(third.describe()).isEqualTo(1);
        assertThat(totalSends()).as("the effect is never repeated").isEqualTo(BATCH);
        assertThat(taskStatus(id)).isEqualTo("DONE");
        assertClean();
    }

    /**
     * A batch worker frozen by SIGSTOP inside its first effect, past its lease: another worker takes the whole batch
     * over and finishes it; after SIGCONT the frozen worker's late effect is absorbed by the key, the rest of its batch
     * is replayed, and every one of its completions is LOST.
     */
    @Test
    void pausedBatchWorkerPastItsLeaseCannotCompleteAndItsLateEffectIsAbsorbed(KillMidwayHarness h) throws Exception {
        int n = 4;
        insertTasks(n);
        // a 10-minute worker lease: its heartbeat (every lease / 3) cannot run before the SIGSTOP, so the frozen JVM
        // never holds an open heartbeat transaction (its row locks would make the sweep below wait 50 s for
        // innodb_lock_wait_timeout and fail with "Lock wait timeout exceeded")
        ChildJvm zombie = h.start("zombie", worker("keyed", "retry", "pause=true", "workerLeaseMs=600000"));
        String line = zombie.awaitLineContaining("PAUSE-POINT", WAIT);
        long pausedId = Long.parseLong(line.substring(line.indexOf("PAUSE-POINT") + 12).trim());
        zombie.pause();
        zombie.writeLine("go"); // read only after SIGCONT
        assertThat(queryString("SELECT COUNT(*) FROM " + tasks + " WHERE status = 'RUNNING'")).isEqualTo(String.valueOf(n));
        recover(null);

        ChildResult second = h.run(worker("keyed", "retry"));
        assertThat(second.exitCode()).as(second.describe()).isZero();
        assertThat(summary(second, "done")).isEqualTo(n);
        String winner = owner(pausedId);

        zombie.resume();
        ChildResult late = zombie.awaitExit(WAIT);
        assertThat(late.exitCode()).as(late.describe()).isZero();
        assertThat(summary(late, "lost")).as(late.describe()).isEqualTo(n);
        assertThat(summary(late, "done")).as(late.describe()).isZero();

        assertThat(count(sends, pausedId)).as("both workers sent the paused effect").isEqualTo(2);
        assertThat(totalSends()).isEqualTo(n + 1);
        assertThat(queryString("SELECT COUNT(*) FROM " + applied)).isEqualTo(String.valueOf(n));
        assertThat(queryString("SELECT owner FROM " + applied + " WHERE task_id = ?", pausedId)).isEqualTo(winner);
        assertThat(queryString("SELECT COUNT(*) FROM " + tasks + " WHERE status = 'DONE' AND attempts = 2"))
                .isEqualTo(String.valueOf(n));
        assertClean();
    }

    // ------------------------------------------------------------------ helpers

    static final String[] QUIET = {"-Dorg.slf4j.simpleLogger.defaultLogLevel=error"};

    JobSpec job(String mode, String sink, String recovery) {
        return JobSpec.of(MatrixJob.class).withJvmArgs(QUIET).withArgs(
                "url=" + db().url(), "user=" + db().user(), "password=" + db().password(),
                "tasks=" + tasks, "ledger=" + ledger, "sends=" + sends, "applied=" + applied,
                "mode=" + mode, "sink=" + sink, "recovery=" + recovery, "ledgerLeaseMs=" + LEASE.toMillis());
    }

    /**
     * What an operator (or the next start-up) does after a crash: sweep RUNNING rows past a short lease back to
     * PENDING, and wait until every STARTED ledger row is past the ledger lease too (database clock).
     */
    void recover(ChildResult crashed) throws SQLException {
        int running = Integer.parseInt(queryString("SELECT COUNT(*) FROM " + tasks + " WHERE status = 'RUNNING'"));
        try {
            Leases.awaitRecovery(claimer, LEASE, running, WAIT);
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; " + diagnose(), e);
        }
        int started = Integer.parseInt(queryString("SELECT COUNT(*) FROM " + ledger + " WHERE status = 'STARTED'"));
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (reconciler().check().inDoubtKeys().size() < started) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("STARTED ledger rows did not pass the lease");
            }
            sleep(50);
        }
    }

    /** What the task rows and the database's open transactions show, for a recovery that did not happen. */
    String diagnose() {
        StringBuilder b = new StringBuilder("task rows (id status owner attempts gmt_modified | db now):");
        try (Connection c = pool.getConnection(); Statement st = c.createStatement()) {
            String now = db() == Db.MARIADB ? "UTC_TIMESTAMP(3)" : "CURRENT_TIMESTAMP";
            try (ResultSet rs = st.executeQuery("SELECT id, status, owner, attempts, gmt_modified, " + now + " FROM "
                    + tasks + " ORDER BY id")) {
                while (rs.next()) {
                    b.append(" [").append(rs.getString(1)).append(' ').append(rs.getString(2)).append(' ')
                            .append(rs.getString(3)).append(' ').append(rs.getString(4)).append(' ')
                            .append(rs.getString(5)).append(" | ").append(rs.getString(6)).append(']');
                }
            }
            String trx = db() == Db.MARIADB
                    ? "SELECT trx_mysql_thread_id, trx_state, trx_started, trx_rows_locked, trx_query FROM"
                    + " information_schema.innodb_trx"
                    : db() == Db.POSTGRESQL ? "SELECT pid, state, xact_start, wait_event_type, query FROM"
                    + " pg_stat_activity WHERE xact_start IS NOT NULL AND pid <> pg_backend_pid()" : null;
            if (trx != null) {
                b.append("; open transactions:");
                try (ResultSet rs = st.executeQuery(trx)) {
                    while (rs.next()) {
                        b.append(" [").append(rs.getString(1)).append(' ').append(rs.getString(2)).append(' ')
                                .append(rs.getString(3)).append(' ').append(rs.getString(4)).append(' ')
                                .append(rs.getString(5)).append(']');
                    }
                }
            }
        } catch (SQLException | RuntimeException e) {
            b.append(" (reading them failed: ").append(e).append(')');
        }
        return b.toString();
    }

    Reconciler reconciler() {
        return new Reconciler(pool, taskTable, LedgerTable.named(ledger), LEASE, LEASE);
    }

    void assertClean() {
        ReconciliationReport r = reconciler().check();
        assertThat(r.isClean()).as(r.toString()).isTrue();
        assertThat(r.deadCount()).isZero();
    }

    void insertTasks(int n) throws SQLException {
        try (Connection c = pool.getConnection();
             PreparedStatement ps = c.prepareStatement("INSERT INTO " + tasks + " (id, max_attempts) VALUES (?, 5)")) {
            c.setAutoCommit(false);
            for (long id = 1; id <= n; id++) {
                ps.setLong(1, id);
                ps.addBatch();
                if (id % 500 == 0) {
                    ps.executeBatch();
                }
            }
            ps.executeBatch();
            c.commit();
        }
    }

    int count(String table, long taskId) throws SQLException {
        return Integer.parseInt(queryString("SELECT COUNT(*) FROM " + table + " WHERE task_id = ?", taskId));
    }

    String taskStatus(long id) throws SQLException {
        return queryString("SELECT status FROM " + tasks + " WHERE id = ?", id);
    }

    String owner(long id) throws SQLException {
        return queryString("SELECT owner FROM " + tasks + " WHERE id = ?", id);
    }

    String ledgerStatus(long id) throws SQLException {
        return queryString("SELECT status FROM " + ledger + " WHERE task_id = ?", String.valueOf(id));
    }

    String queryString(String sql, Object... params) throws SQLException {
        try (Connection c = pool.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                ps.setObject(i + 1, params[i]);
            }
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    static List<String> concat(List<String> base, String... more) {
        List<String> all = new ArrayList<>(base);
        // later key=value pairs win in MatrixJob's argument map
        all.addAll(List.of(more));
        return all;
    }

    static int summary(ChildResult r, String field) {
        Matcher m = Pattern.compile("SUMMARY .*\\b" + field + "=(\\d+)").matcher(r.stdout());
        if (!m.find()) {
            throw new AssertionError("no SUMMARY line: " + r.describe());
        }
        return Integer.parseInt(m.group(1));
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
