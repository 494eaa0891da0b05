package io.idemcheck.runtime;

import io.idemcheck.runtime.support.LogCapture;
import io.idemcheck.runtime.support.TestDatabase;
import io.idemcheck.runtime.support.TinyPool;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The runtime's behaviour, written once and run against PostgreSQL, MariaDB and H2 by the three subclasses.
 * Each test gets its own freshly created task and ledger tables (from the shipped DDL) and drops them afterwards.
 */
abstract class AbstractRuntimeTest {
    private static final Map<TestDatabase, Optional<String>> REACHABILITY = new ConcurrentHashMap<>();

    protected abstract TestDatabase db();

    protected TinyPool pool;
    protected TinyPool pool2;
    protected String taskTable;
    protected String ledgerTable;
    protected String probeTable;
    protected TaskTable tasks;
    protected LedgerTable ledger;
    protected TaskClaimer claimer;

    @BeforeEach
    void setUp() throws SQLException {
        Optional<String> reason = REACHABILITY.computeIfAbsent(db(), d -> Optional.ofNullable(d.unreachableReason()));
        if (reason.isPresent()) {
            if (TestDatabase.databasesRequired()) {
                fail("IDEMCHECK_REQUIRE_DATABASES=1 but " + reason.get());
            }
            Assumptions.abort("skipped: " + reason.get());
        }
        String prefix = TestDatabase.uniquePrefix();
        taskTable = prefix + "task";
        ledgerTable = prefix + "ledger";
        probeTable = prefix + "probe";
        pool = db().newPool();
        pool2 = db().newPool();
        try (Connection c = pool.getConnection()) {
            db().execute(c, db().ddl("task_table_example.sql", taskTable, ledgerTable));
            db().execute(c, db().ddl("idempotency_ledger.sql", taskTable, ledgerTable));
            db().execute(c, List.of("CREATE TABLE " + probeTable + " (idem_key VARCHAR(255) NOT NULL PRIMARY KEY, note VARCHAR(64))"));
        }
        // no retry delay: these tests walk a task to its retry ceiling at once; the delay has its own tests
        tasks = TaskTable.builder(taskTable).retryBackoff(Duration.ZERO, Duration.ZERO).build();
        ledger = LedgerTable.named(ledgerTable);
        claimer = new TaskClaimer(pool, tasks);
    }

    @AfterEach
    void tearDown() throws SQLException {
        if (pool != null) {
            try (Connection c = pool.getConnection()) {
                db().dropTables(c, taskTable, ledgerTable, probeTable);
            } finally {
                pool.close();
                pool2.close();
            }
        }
    }

    // ------------------------------------------------------------------ helpers

    protected void insertTasks(int maxAttempts, long... ids) throws SQLException {
        try (Connection c = pool.getConnection();
             PreparedStatement ps = c.prepareStatement("INSERT INTO " + taskTable + " (id, max_attempts) VALUES (?, ?)")) {
            for (long id : ids) {
                ps.setLong(1, id);
                ps.setInt(2, maxAttempts);
                ps.executeUpdate();
            }
        }
    }

    protected long[] range(int from, int toExclusive) {
        long[] r = new long[toExclusive - from];
        for (int i = 0; i < r.length; i++) {
            r[i] = from + i;
        }
        return r;
    }

    protected String queryString(String sql, Object... params) throws SQLException {
        try (Connection c = pool.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                ps.setObject(i + 1, params[i]);
            }
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    protected long queryLong(String sql, Object... params) throws SQLException {
        return Long.parseLong(queryString(sql, params));
    }

    protected String status(long id) throws SQLException {
        return queryString("SELECT status FROM " + taskTable + " WHERE id = ?", id);
    }

    protected long attempts(long id) throws SQLException {
        return queryLong("SELECT attempts FROM " + taskTable + " WHERE id = ?", id);
    }

    protected long probeCount() throws SQLException {
        return queryLong("SELECT COUNT(*) FROM " + probeTable);
    }

    protected IdempotencyLedger.Builder ledgerBuilder(TinyPool p) {
        return IdempotencyLedger.builder(p).table(ledger);
    }

    /** Lets the database clock move past timestamps just written (millisecond columns on MariaDB). */
    protected static void tick(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    protected static <T> List<T> runConcurrently(int threads, Callable<T> task) throws Exception {
        ExecutorService ex = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<T>> fs = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                fs.add(ex.submit(() -> {
                    start.await();
                    return task.call();
                }));
            }
            start.countDown();
            List<T> out = new ArrayList<>();
            for (Future<T> f : fs) {
                out.add(f.get(60, TimeUnit.SECONDS));
            }
            return out;
        } finally {
            ex.shutdownNow();
        }
    }

    // ------------------------------------------------------------------ dialect & schema

    @Test
    void detectsTheDialectFromMetadata() throws SQLException {
        try (Connection c = pool.getConnection()) {
            assertThat(Dialect.detect(c)).isSameAs(db().dialect());
        }
        assertThat(claimer.dialect()).isSameAs(db().dialect());
    }

    // ------------------------------------------------------------------ claim

    @Test
    void claimIsOneConditionalUpdateThatSucceedsOnce() throws SQLException {
        insertTasks(5, 1);
        Optional<Claim> first = claimer.claim(1L, "w1");
        assertThat(first).contains(new Claim(1L, "w1", 1));
        assertThat(claimer.claim(1L, "w2")).isEmpty();
        assertThat(status(1)).isEqualTo("RUNNING");
        assertThat(queryString("SELECT owner FROM " + taskTable + " WHERE id = ?", 1L)).isEqualTo("w1");
        assertThat(claimer.claim(404L, "w1")).as("missing row").isEmpty();
        assertThat(claimer.complete(first.get())).isEqualTo(Outcome.OK);
        assertThat(status(1)).isEqualTo("DONE");
        assertThat(claimer.claim(1L, "w3")).as("DONE row").isEmpty();
        assertThat(claimer.complete(first.get())).as("second complete").isEqualTo(Outcome.LOST);
    }

    @Test
    void emptyOrBlankOwnersAreRejectedBeforeAnyRowIsClaimed() throws SQLException {
        insertTasks(5, 1, 2);
        for (String owner : new String[]{null, "", " ", "\t\n"}) {
            assertThatThrownBy(() -> claimer.claim(1L, owner)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("owner");
            assertThatThrownBy(() -> claimer.claimBatch(owner, 5)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("owner");
            assertThatThrownBy(() -> TaskWorker.builder(claimer, ledgerBuilder(pool).build(), c -> null)
                    .ownerPrefix(owner)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ownerPrefix");
        }
        assertThat(queryLong("SELECT COUNT(*) FROM " + taskTable + " WHERE status = 'PENDING' AND attempts = 0"))
                .as("nothing claimed").isEqualTo(2);
    }

    /** Milliseconds from the row's gmt_modified (the failure's time) to its not_before (its retry time). */
    private long retryDelayMillis(long id) throws SQLException {
        try (Connection c = pool.getConnection(); PreparedStatement ps = c.prepareStatement(
                "SELECT not_before, gmt_modified FROM " + taskTable + " WHERE id = ?")) {
            ps.setLong(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getTimestamp(1)).as("not_before of task " + id).isNotNull();
                return rs.getTimestamp(1).getTime() - rs.getTimestamp(2).getTime();
            }
        }
    }

    @Test
    void aFailedAttemptIsNotClaimedAgainBeforeItsRetryTime() throws SQLException {
        insertTasks(5, 1, 2);
        TaskTable backoff = TaskTable.builder(taskTable).retryBackoff(Duration.ofSeconds(1), Duration.ofMillis(1500)).build();
        TaskClaimer c = new TaskClaimer(pool, backoff);
        Claim first = c.claim(1L, "w1").orElseThrow();
        assertThat(c.fail(first, new IOException("downstream said no"))).isEqualTo(Outcome.RETRY_PENDING);
        assertThat(retryDelayMillis(1)).as("first retry delay").isBetween(1000L, 1050L);
        assertThat(c.claim(1L, "w2")).as("single claim before the retry time").isEmpty();
        assertThat(c.claimBatch("w2", 10)).as("only the fresh row").extracting(Claim::id).containsExactly(2L);
        assertThat(attempts(1)).isEqualTo(1);
        tick(1100);
        List<Claim> again = c.claimBatch("w3", 10);
        assertThat(again).hasSize(1);
        assertThat(again.get(0).id()).isEqualTo(1L);
        assertThat(again.get(0).attempt()).isEqualTo(2);
        assertThat(c.failBatch(Map.of(again.get(0), new IOException("still no"))).values())
                .containsExactly(Outcome.RETRY_PENDING);
        assertThat(retryDelayMillis(1)).as("second delay: 2 s, capped at 1.5 s").isBetween(1500L, 1550L);
        assertThat(c.claimBatch("w4", 10)).isEmpty();
        assertThat(status(1)).isEqualTo("PENDING");
        // a DEAD row keeps its last retry time and is never claimed; release and the sweep leave not_before alone
        assertThat(backoff.retryDelay(1)).isEqualTo(Duration.ofSeconds(1));
        assertThat(backoff.retryDelay(2)).isEqualTo(Duration.ofMillis(1500));
        assertThat(TaskTable.defaults("t").retryDelay(1)).isEqualTo(Duration.ofSeconds(30));
        assertThat(TaskTable.defaults("t").retryDelay(4)).isEqualTo(Duration.ofMinutes(4));
        assertThat(TaskTable.defaults("t").retryDelay(99)).isEqualTo(Duration.ofHours(1));
    }

    @Test
    void lastErrorIsABoundedSingleLineSummary() throws SQLException {
        insertTasks(5, 1, 2);
        Claim one = claimer.claim(1L, "w").orElseThrow();
        claimer.fail(one, new IOException("line one\nline two\r\n\tat com.example.Job.run(Job.java:42)\u0000"));
        assertThat(queryString("SELECT last_error FROM " + taskTable + " WHERE id = 1"))
                .isEqualTo("java.io.IOException: line one line two at com.example.Job.run(Job.java:42)");
        Claim two = claimer.claim(2L, "w").orElseThrow();
        StringBuilder big = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            big.append("frame ").append(i).append('\n');
        }
        claimer.failBatch(Map.of(two, new IllegalStateException(big.toString())));
        String stored = queryString("SELECT last_error FROM " + taskTable + " WHERE id = 2");
        assertThat(stored).hasSize(1000).startsWith("java.lang.IllegalStateException: frame 0 frame 1 ").endsWith("...")
                .doesNotContain("\n");
        assertThat(TaskClaimer.singleLine("a\n\n b", 10)).isEqualTo("a  b");
        assertThat(TaskClaimer.singleLine("abcdefghijkl", 5)).isEqualTo("ab...");
    }

    @Test
    void fencedOutOwnerIsToldItLostTheLease() throws SQLException {
        insertTasks(5, 7);
        Claim a = claimer.claim(7L, "worker-a").orElseThrow();
        tick(20);
        RecoveryCounts rc = claimer.recoverExpired(Duration.ZERO);
        assertThat(rc.toPending()).isEqualTo(1);
        assertThat(rc.toDead()).isZero();
        Claim b = claimer.claim(7L, "worker-b").orElseThrow();
        assertThat(b.attempt()).isEqualTo(2);

        assertThat(claimer.heartbeat(a)).isEqualTo(Outcome.LOST);
        assertThat(claimer.complete(a)).isEqualTo(Outcome.LOST);
        assertThat(claimer.fail(a, new RuntimeException("zombie"))).isEqualTo(Outcome.LOST);
        assertThatThrownBy(() -> claimer.completeOrThrow(a)).isInstanceOf(LeaseLostException.class)
                .hasMessageContaining("worker-a");
        assertThat(status(7)).isEqualTo("RUNNING");
        assertThat(queryString("SELECT owner FROM " + taskTable + " WHERE id = ?", 7L)).isEqualTo("worker-b");

        // same owner name, old attempt: still fenced out by the attempt token
        Claim sameOwnerOldAttempt = new Claim(7L, "worker-b", 1);
        assertThat(claimer.complete(sameOwnerOldAttempt)).isEqualTo(Outcome.LOST);

        assertThat(claimer.heartbeat(b)).isEqualTo(Outcome.OK);
        claimer.completeOrThrow(b);
        assertThat(status(7)).isEqualTo("DONE");
    }

    @Test
    void aZeroRowFencedUpdateLogsWhatReallyHappenedToTheRow() throws SQLException {
        insertTasks(5, 1, 2, 3);
        Claim once = claimer.claim(1L, "w1").orElseThrow();
        assertThat(claimer.complete(once)).isEqualTo(Outcome.OK);
        Claim stale = claimer.claim(2L, "w-a").orElseThrow();
        tick(20);
        assertThat(claimer.recoverExpired(Duration.ZERO).toPending()).isEqualTo(1);
        Claim failed = claimer.claim(3L, "w3").orElseThrow();
        assertThat(claimer.fail(failed, new IOException("503"))).isEqualTo(Outcome.RETRY_PENDING);
        List<String> warnings;
        try (LogCapture logs = LogCapture.warnAndAbove(TaskClaimer.class)) {
            assertThat(claimer.complete(once)).as("second complete").isEqualTo(Outcome.LOST);
            assertThat(claimer.completeBatch(List.of(once))).containsEntry(once, Outcome.LOST);
            assertThat(claimer.complete(stale)).as("recovered, not yet re-claimed").isEqualTo(Outcome.LOST);
            Claim winner = claimer.claim(2L, "w-b").orElseThrow();
            assertThat(claimer.heartbeat(stale)).isEqualTo(Outcome.LOST);
            assertThat(claimer.fail(failed, new IOException("again"))).as("second fail").isEqualTo(Outcome.LOST);
            assertThat(claimer.complete(winner)).isEqualTo(Outcome.OK);
            warnings = logs.lines("WARN", TaskClaimer.class);
        }
        assertThat(warnings).hasSize(5);
        assertThat(warnings).noneMatch(l -> l.contains("another owner"));
        assertThat(warnings.get(0)).contains("complete of Claim{id=1, owner=w1, attempt=1} changed 0 rows")
                .contains("already DONE under this same claim");
        assertThat(warnings.get(1)).contains("already DONE under this same claim");
        assertThat(warnings.get(2)).contains("lease lost").contains("recovered by a sweep after its lease expired");
        assertThat(warnings.get(3)).contains("heartbeat of Claim{id=2, owner=w-a, attempt=1}")
                .contains("claimed again by w-b (attempt 2)");
        assertThat(warnings.get(4)).contains("fail of Claim{id=3, owner=w3, attempt=1}")
                .contains("its failure was already recorded (java.io.IOException: 503)");
    }

    @Test
    void releaseGivesTheClaimBackWithoutUsingItsAttempt() throws SQLException {
        insertTasks(1, 1, 2, 3, 4);
        Claim one = claimer.claim(1L, "w").orElseThrow();
        assertThat(claimer.release(one, "stopping")).isEqualTo(Outcome.OK);
        assertThat(status(1)).isEqualTo("PENDING");
        assertThat(attempts(1)).as("max_attempts 1, and still claimable").isZero();
        assertThat(queryString("SELECT owner FROM " + taskTable + " WHERE id = 1")).isNull();
        assertThat(queryString("SELECT last_error FROM " + taskTable + " WHERE id = 1")).isEqualTo("stopping");
        assertThat(claimer.release(one, "twice")).as("second release").isEqualTo(Outcome.LOST);
        Claim again = claimer.claim(1L, "w").orElseThrow();
        assertThat(again.attempt()).isEqualTo(1);
        assertThat(claimer.complete(again)).isEqualTo(Outcome.OK);

        List<Claim> batch = claimer.claimBatch("b", 10);
        assertThat(batch).hasSize(3);
        tick(20);
        Map<Claim, String> reasons = new java.util.LinkedHashMap<>();
        batch.forEach(c -> reasons.put(c, "released by the test"));
        claimer.recoverExpired(Duration.ZERO);   // max_attempts 1: all three go DEAD, the release finds nothing
        assertThat(claimer.releaseBatch(reasons).values()).containsOnly(Outcome.LOST);
        assertThat(queryLong("SELECT COUNT(*) FROM " + taskTable + " WHERE status = 'DEAD' AND attempts = 1")).isEqualTo(3);
        assertThat(claimer.releaseBatch(Map.of())).isEmpty();
    }

    @Test
    void releaseBatchGivesEveryClaimBackInOneTransaction() throws SQLException {
        insertTasks(3, range(1, 7));
        List<Claim> batch = claimer.claimBatch("b", 6);
        assertThat(batch).hasSize(6);
        Map<Claim, String> reasons = new java.util.LinkedHashMap<>();
        batch.forEach(c -> reasons.put(c, null));
        Map<Claim, Outcome> out = claimer.releaseBatch(reasons);
        assertThat(out.keySet()).containsExactlyElementsOf(batch);
        assertThat(out.values()).containsOnly(Outcome.OK);
        assertThat(queryLong("SELECT COUNT(*) FROM " + taskTable + " WHERE status = 'PENDING' AND attempts = 0"
                + " AND owner IS NULL AND last_error = 'released'")).isEqualTo(6);
        assertThat(claimer.claimBatch("c", 6)).extracting(Claim::attempt).containsOnly(1);
    }

    @Test
    void heartbeatKeepsTheLeaseAliveAndTheSweepUsesTheDatabaseClock() throws SQLException {
        insertTasks(5, 3);
        Claim c = claimer.claim(3L, "w").orElseThrow();
        // margins of 800 ms either way: with a 400 ms lease and 150 ms of slack, a sleep overshooting under machine
        // load made the "not expired" sweep recover the row (seen twice on PostgreSQL at load average 7)
        Duration lease = Duration.ofMillis(2000);
        tick(1200);
        assertThat(claimer.heartbeat(c)).isEqualTo(Outcome.OK);
        tick(1200);
        // 2.4 s since the claim (past the lease), 1.2 s since the heartbeat: not expired
        assertThat(claimer.recoverExpired(lease).total()).isZero();
        assertThat(status(3)).isEqualTo("RUNNING");
        tick(1000);
        assertThat(claimer.recoverExpired(lease).toPending()).isEqualTo(1);
        assertThat(status(3)).isEqualTo("PENDING");
        assertThat(queryString("SELECT owner FROM " + taskTable + " WHERE id = ?", 3L)).isNull();
        assertThat(queryString("SELECT last_error FROM " + taskTable + " WHERE id = ?", 3L)).contains("lease expired");
        assertThat(claimer.heartbeat(c)).isEqualTo(Outcome.LOST);
        assertThatThrownBy(() -> claimer.heartbeatOrThrow(c)).isInstanceOf(LeaseLostException.class);
    }

    @Test
    void failReturnsToPendingAndEndsDeadAfterExactlyMaxAttempts() throws SQLException {
        insertTasks(3, 11);
        List<Outcome> outcomes = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            Claim c = claimer.claim(11L, "w" + i).orElseThrow();
            assertThat(c.attempt()).isEqualTo(i);
            outcomes.add(claimer.fail(c, new IOException("downstream said no #" + i)));
        }
        assertThat(outcomes).containsExactly(Outcome.RETRY_PENDING, Outcome.RETRY_PENDING, Outcome.DEAD);
        assertThat(status(11)).isEqualTo("DEAD");
        assertThat(attempts(11)).isEqualTo(3);
        assertThat(queryString("SELECT last_error FROM " + taskTable + " WHERE id = ?", 11L))
                .isEqualTo("java.io.IOException: downstream said no #3");
        assertThat(claimer.claim(11L, "w4")).isEmpty();
        tick(20);
        assertThat(claimer.recoverExpired(Duration.ZERO).total()).as("DEAD survives a sweep").isZero();
        assertThat(status(11)).isEqualTo("DEAD");
    }

    @Test
    void crashesCountTowardTheCeiling() throws SQLException {
        insertTasks(3, 21);
        // attempt 1: crash (claimed, never completed), recovered by the sweep
        claimer.claim(21L, "crash-1").orElseThrow();
        tick(20);
        assertThat(claimer.recoverExpired(Duration.ZERO)).satisfies(r -> {
            assertThat(r.toPending()).isEqualTo(1);
            assertThat(r.toDead()).isZero();
        });
        // attempt 2: an ordinary failure
        Claim second = claimer.claim(21L, "w2").orElseThrow();
        assertThat(second.attempt()).isEqualTo(2);
        assertThat(claimer.fail(second, new IllegalStateException("boom"))).isEqualTo(Outcome.RETRY_PENDING);
        // attempt 3: crash again -> the sweep moves it to DEAD
        claimer.claim(21L, "crash-3").orElseThrow();
        tick(20);
        RecoveryCounts last = claimer.recoverExpired(Duration.ZERO);
        assertThat(last.toDead()).isEqualTo(1);
        assertThat(last.toPending()).isZero();
        assertThat(status(21)).isEqualTo("DEAD");
        assertThat(attempts(21)).isEqualTo(3);
        assertThat(claimer.recoverExpired(Duration.ZERO).total()).isZero();
        assertThat(new Reconciler(pool, tasks, null, Duration.ofMinutes(1), Duration.ofMinutes(1)).check().deadCount())
                .isEqualTo(1);
    }

    @Test
    void fixedCeilingWithoutMaxAttemptsOrLastErrorColumns() throws SQLException {
        insertTasks(99, 31);
        TaskClaimer fixed = new TaskClaimer(pool, TaskTable.builder(taskTable).maxAttempts(2).noLastErrorColumn()
                .retryBackoff(Duration.ZERO, Duration.ZERO).build());
        assertThat(fixed.fail(fixed.claim(31L, "a").orElseThrow(), null)).isEqualTo(Outcome.RETRY_PENDING);
        assertThat(fixed.fail(fixed.claim(31L, "b").orElseThrow(), null)).isEqualTo(Outcome.DEAD);
        assertThat(fixed.claim(31L, "c")).isEmpty();
        assertThat(status(31)).isEqualTo("DEAD");
        assertThat(queryString("SELECT last_error FROM " + taskTable + " WHERE id = ?", 31L)).isNull();
    }

    // ------------------------------------------------------------------ batches

    @Test
    void claimBatchClaimsUpToTheLimitFencedLikeSingleClaims() throws SQLException {
        insertTasks(5, range(1, 11));
        Claim single = claimer.claim(10L, "single").orElseThrow();
        assertThat(claimer.complete(single)).isEqualTo(Outcome.OK);

        List<Claim> first = claimer.claimBatch("w1", 4);
        assertThat(first).hasSize(4);
        assertThat(first).allSatisfy(c -> {
            assertThat(c.owner()).isEqualTo("w1");
            assertThat(c.attempt()).isEqualTo(1);
            assertThat(c.id()).isInstanceOf(Long.class);
        });
        List<Claim> rest = claimer.claimBatch("w2", 100);
        assertThat(rest).as("the DONE row and the rows of w1 are not claimable").hasSize(5);
        assertThat(claimer.claimBatch("w3", 100)).as("nothing left: empty, not an error").isEmpty();
        List<Object> ids = new ArrayList<>();
        first.forEach(c -> ids.add(c.id()));
        rest.forEach(c -> ids.add(c.id()));
        assertThat(ids).containsExactlyInAnyOrder(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L);
        assertThat(queryLong("SELECT COUNT(*) FROM " + taskTable + " WHERE status = 'RUNNING' AND owner = 'w1'"))
                .isEqualTo(4);

        // one row of w1's batch is recovered and claimed by someone else: only that claim is fenced out
        Claim stolen = first.get(0);
        try (Connection c = pool.getConnection(); PreparedStatement ps = c.prepareStatement(
                "UPDATE " + taskTable + " SET status = 'PENDING', owner = NULL WHERE id = ?")) {
            ps.setObject(1, stolen.id());
            ps.executeUpdate();
        }
        List<Claim> thief = claimer.claimBatch("thief", 10);
        assertThat(thief).containsExactly(new Claim(stolen.id(), "thief", 2));

        Map<Claim, Outcome> done = claimer.completeBatch(first);
        assertThat(new ArrayList<>(done.keySet())).containsExactlyElementsOf(first);
        assertThat(done.get(stolen)).isEqualTo(Outcome.LOST);
        assertThat(first.subList(1, 4)).allSatisfy(c -> assertThat(done.get(c)).isEqualTo(Outcome.OK));
        assertThat(claimer.completeBatch(first).values()).as("a second complete").containsOnly(Outcome.LOST);
        assertThat(claimer.completeBatch(thief).values()).containsExactly(Outcome.OK);
        assertThat(claimer.completeBatch(List.of())).isEmpty();
        assertThat(queryLong("SELECT COUNT(*) FROM " + taskTable + " WHERE status = 'DONE'")).isEqualTo(5);
        assertThatThrownBy(() -> claimer.claimBatch("w", 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> claimer.completeBatch(List.of(thief.get(0), thief.get(0))))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void batchClaimAndCompleteTakeAFixedNumberOfRoundTrips() throws SQLException {
        insertTasks(5, range(1, 51));
        io.idemcheck.runtime.support.CountingDataSource counting = new io.idemcheck.runtime.support.CountingDataSource(pool);
        TaskClaimer c = new TaskClaimer(counting, tasks, db().dialect());
        List<Claim> batch = c.claimBatch("w", 50);
        assertThat(batch).hasSize(50);
        // PostgreSQL: one UPDATE ... RETURNING; H2: SELECT ... FOR UPDATE SKIP LOCKED, UPDATE, COMMIT;
        // MariaDB: SET TRANSACTION ISOLATION LEVEL READ COMMITTED first
        assertThat(counting.roundTrips()).isEqualTo(db().dialect() == Dialect.POSTGRESQL ? 1
                : db().dialect() == Dialect.MYSQL ? 4 : 3);
        counting.reset();
        assertThat(c.completeBatch(batch).values()).containsOnly(Outcome.OK);
        assertThat(counting.statements()).as("one executeBatch").isEqualTo(1);
        assertThat(counting.commitsAndRollbacks()).as("one commit").isEqualTo(1);
    }

    @Test
    void failBatchRetriesThenDeadLettersAtTheCeiling() throws SQLException {
        insertTasks(2, range(1, 4));
        List<Claim> one = claimer.claimBatch("w", 10);
        Map<Claim, Throwable> failures = new java.util.LinkedHashMap<>();
        one.forEach(c -> failures.put(c, new IOException("downstream said no for " + c.id())));
        assertThat(claimer.failBatch(failures).values()).containsOnly(Outcome.RETRY_PENDING);
        assertThat(queryLong("SELECT COUNT(*) FROM " + taskTable + " WHERE status = 'PENDING' AND owner IS NULL"))
                .isEqualTo(3);
        List<Claim> two = claimer.claimBatch("w", 10);
        assertThat(two).hasSize(3).allSatisfy(c -> assertThat(c.attempt()).isEqualTo(2));
        Map<Claim, Throwable> again = new java.util.LinkedHashMap<>();
        again.put(two.get(0), new IllegalStateException("boom"));
        again.put(one.get(1), new IllegalStateException("stale claim"));
        Map<Claim, Outcome> out = claimer.failBatch(again);
        assertThat(out.get(two.get(0))).isEqualTo(Outcome.DEAD);
        assertThat(out.get(one.get(1))).as("an old attempt is fenced out").isEqualTo(Outcome.LOST);
        assertThat(status((Long) two.get(0).id())).isEqualTo("DEAD");
        assertThat(queryString("SELECT last_error FROM " + taskTable + " WHERE id = ?", two.get(0).id()))
                .isEqualTo("java.lang.IllegalStateException: boom");
        assertThat(claimer.completeBatch(two.subList(1, 3)).values()).containsOnly(Outcome.OK);
        assertThat(claimer.claimBatch("w", 10)).as("DEAD is never claimed").isEmpty();
        tick(20);
        assertThat(claimer.recoverExpired(Duration.ZERO).total()).isZero();
        assertThat(claimer.failBatch(Map.of())).isEmpty();
    }

    @Test
    void heartbeatBatchExtendsEveryLeaseOfTheBatch() throws SQLException {
        insertTasks(5, range(1, 4));
        List<Claim> batch = claimer.claimBatch("w", 10);
        Duration lease = Duration.ofMillis(400);
        tick(250);
        assertThat(claimer.heartbeatBatch(batch).values()).containsOnly(Outcome.OK);
        tick(250);
        assertThat(claimer.recoverExpired(lease).total()).as("every lease was extended").isZero();
        assertThat(claimer.completeBatch(batch.subList(0, 1)).values()).containsOnly(Outcome.OK);
        Map<Claim, Outcome> hb = claimer.heartbeatBatch(batch);
        assertThat(hb.get(batch.get(0))).as("a DONE row has no lease").isEqualTo(Outcome.LOST);
        assertThat(hb.get(batch.get(1))).isEqualTo(Outcome.OK);
        assertThat(hb.get(batch.get(2))).isEqualTo(Outcome.OK);
        tick(500);
        assertThat(claimer.recoverExpired(lease).toPending()).isEqualTo(2);
        assertThat(claimer.heartbeatBatch(batch).values()).containsOnly(Outcome.LOST);
    }

    @Test
    void concurrentBatchClaimersOverTwoPoolsGetDisjointBatches() throws Exception {
        int rows = 400;
        insertTasks(5, range(1, rows + 1));
        TaskClaimer c1 = new TaskClaimer(pool, tasks);
        TaskClaimer c2 = new TaskClaimer(pool2, tasks);
        Map<Object, List<Claim>> claims = new ConcurrentHashMap<>();
        AtomicInteger thread = new AtomicInteger();
        List<Integer> completed = runConcurrently(6, () -> {
            int n = thread.incrementAndGet();
            TaskClaimer mine = n % 2 == 0 ? c1 : c2;
            int done = 0;
            int empty = 0;
            while (empty < 3) {
                List<Claim> batch = mine.claimBatch("t" + n, 7);
                if (batch.isEmpty()) {
                    empty++;
                    tick(10);
                    continue;
                }
                batch.forEach(c -> claims.computeIfAbsent(c.id(), k -> new CopyOnWriteArrayList<>()).add(c));
                for (Outcome o : mine.completeBatch(batch).values()) {
                    done += o == Outcome.OK ? 1 : 0;
                }
            }
            return done;
        });
        assertThat(claims).hasSize(rows);
        assertThat(claims.values()).allSatisfy(l -> assertThat(l).hasSize(1));
        assertThat(completed.stream().mapToInt(Integer::intValue).sum()).isEqualTo(rows);
        assertThat(queryLong("SELECT COUNT(*) FROM " + taskTable + " WHERE status = 'DONE' AND attempts = 1"))
                .isEqualTo(rows);
    }

    @Test
    void taskWorkerRunsEveryEffectOnceThroughTheLedgerAndDeadLettersAPoisonTask() throws Exception {
        int rows = 40;
        insertTasks(2, range(1, rows + 1));
        IdempotencyLedger l = ledgerBuilder(pool).build();
        // task 7's effect was recorded by an earlier run that died before completing the task: replayed, not re-run
        l.runOnce(IdempotencyKeys.of("probe", 7L), "fp", 7L, k -> insertProbe(k, "earlier run"));
        AtomicInteger effects = new AtomicInteger();
        TaskWorker worker = TaskWorker.builder(claimer, l, claim -> TaskWork.of(
                IdempotencyKeys.of("probe", claim.id()), "fp", k -> {
                    if (claim.id().equals(13L)) {
                        throw new IOException("poison task");
                    }
                    effects.incrementAndGet();
                    return insertProbe(k, "worker");
                })).threads(3).batchSize(6).ownerPrefix("test").build();
        WorkerStats stats = worker.runUntilIdle();

        assertThat(effects.get()).as("every effect once; task 7 replayed").isEqualTo(rows - 2);
        assertThat(probeCount()).isEqualTo(rows - 1);
        assertThat(stats.claimed()).as("task 13 claimed twice, the others once").isEqualTo(rows + 1);
        assertThat(stats.done()).isEqualTo(rows - 1);
        assertThat(stats.retryPending()).isEqualTo(1);
        assertThat(stats.dead()).isEqualTo(1);
        assertThat(stats.lost() + stats.errors() + stats.unrecorded()).isZero();
        assertThat(status(13)).isEqualTo("DEAD");
        assertThat(attempts(13)).isEqualTo(2);
        assertThat(queryString("SELECT last_error FROM " + taskTable + " WHERE id = 13")).contains("poison task");
        assertThat(queryLong("SELECT COUNT(*) FROM " + taskTable + " WHERE status = 'DONE' AND attempts = 1"))
                .isEqualTo(rows - 1);
        assertThat(queryString("SELECT owner FROM " + taskTable + " WHERE id = 1")).startsWith("test/w");
        ReconciliationReport report = new Reconciler(pool, tasks, ledger, Duration.ofMinutes(1), Duration.ofMinutes(1)).check();
        assertThat(report.deadCount()).isEqualTo(1);
        assertThat(report.doneTasksWithoutLedger()).isEmpty();
        assertThat(report.ledgerDoneTaskNotDone()).isEmpty();
        assertThat(report.inDoubtKeys()).isEmpty();
    }

    @Test
    void startedTaskWorkerPicksUpNewTasksAndStopsGracefully() throws Exception {
        IdempotencyLedger l = ledgerBuilder(pool).build();
        CountDownLatch inEffect = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        TaskWorker worker = TaskWorker.builder(claimer, l, claim -> TaskWork.of(
                IdempotencyKeys.of("probe", claim.id()), "fp", k -> {
                    if (claim.id().equals(3L)) {
                        inEffect.countDown();
                        release.await(30, TimeUnit.SECONDS);
                    }
                    return insertProbe(k, "worker");
                })).threads(2).batchSize(5).idleWait(Duration.ofMillis(20)).build();
        worker.start();
        insertTasks(5, 1, 2, 3);
        assertThat(inEffect.await(30, TimeUnit.SECONDS)).isTrue();
        insertTasks(5, 4);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!"DONE".equals(status(4)) && System.nanoTime() < deadline) {
            tick(20);
        }
        assertThat(status(4)).as("the other thread keeps working").isEqualTo("DONE");
        // stop while task 3's effect is running: that effect finishes and is recorded; the claims of its batch whose
        // effect had not started yet (if task 3 came first) are released, not run
        Thread releaser = new Thread(() -> {
            tick(200);
            release.countDown();
        });
        releaser.start();
        assertThat(worker.stop(Duration.ofSeconds(30))).isTrue();
        releaser.join();
        assertThat(status(3)).isEqualTo("DONE");
        long doneRows = queryLong("SELECT COUNT(*) FROM " + taskTable + " WHERE status = 'DONE'");
        long releasedRows = queryLong("SELECT COUNT(*) FROM " + taskTable + " WHERE status = 'PENDING' AND attempts = 0");
        assertThat(doneRows + releasedRows).isEqualTo(4);
        assertThat(probeCount()).isEqualTo(doneRows);
        assertThat(worker.stats().done()).isEqualTo(doneRows);
        assertThat(worker.stats().released()).isEqualTo(releasedRows);
        assertThat(worker.stats().claimed()).isEqualTo(4);
        insertTasks(5, 5);
        tick(100);
        assertThat(status(5)).as("a stopped worker claims nothing").isEqualTo("PENDING");
        assertThatThrownBy(worker::start).isInstanceOf(IllegalStateException.class);
    }

    /** A handler whose effect writes one probe row per key and counts the effects it started. */
    private TaskHandler probeHandler(AtomicInteger effects) {
        return claim -> TaskWork.of(IdempotencyKeys.of("probe", claim.id()), "fp", k -> {
            effects.incrementAndGet();
            return insertProbe(k, "worker");
        });
    }

    /** A DataSource whose pool was closed: every getConnection fails like a closed HikariCP pool. */
    private static javax.sql.DataSource closedDataSource() {
        return (javax.sql.DataSource) java.lang.reflect.Proxy.newProxyInstance(AbstractRuntimeTest.class.getClassLoader(),
                new Class<?>[]{javax.sql.DataSource.class}, (proxy, m, args) -> {
                    if (m.getName().equals("getConnection")) {
                        throw new SQLException("HikariDataSource HikariDataSource (test) has been closed.", "08003");
                    }
                    throw new UnsupportedOperationException(m.getName());
                });
    }

    @Test
    void aDatabaseOrConfigurationFaultReleasesTheBatchWithoutUsingAttemptsAndIsLoggedAtError() throws Exception {
        int rows = 8;
        insertTasks(2, range(1, rows + 1));
        AtomicInteger effects = new AtomicInteger();
        // a missing ledger table or a closed ledger DataSource is now found by runUntilIdle's up-front check
        // (IdempotencyLedger.verifyTable) and thrown before any claim
        assertThatThrownBy(() -> TaskWorker.builder(claimer, ledgerBuilder(pool).table(taskTable + "_no_such_ledger")
                .build(), probeHandler(effects)).build().runUntilIdle()).isInstanceOf(IdemcheckDataAccessException.class)
                .hasMessageContaining("the table does not exist");
        assertThatThrownBy(() -> TaskWorker.builder(claimer, IdempotencyLedger.builder(closedDataSource()).table(ledger)
                .dialect(db().dialect()).build(), probeHandler(effects)).build().runUntilIdle())
                .isInstanceOf(IdemcheckDataAccessException.class).hasMessageContaining("no connection");
        assertThat(queryLong("SELECT COUNT(*) FROM " + taskTable + " WHERE attempts = 0")).isEqualTo(rows);
        java.util.LinkedHashMap<String, TaskWorker.Builder> faults = new java.util.LinkedHashMap<>();
        faults.put("prepare reads a missing table", TaskWorker.builder(claimer, ledgerBuilder(pool).build(), claim -> {
            queryString("SELECT note FROM " + taskTable + "_no_such_payload WHERE id = ?", claim.id());
            return probeHandler(effects).prepare(claim);
        }));
        for (Map.Entry<String, TaskWorker.Builder> fault : faults.entrySet()) {
            WorkerStats st;
            List<String> errorLines;
            try (LogCapture logs = LogCapture.warnAndAbove(TaskWorker.class)) {
                st = fault.getValue().threads(2).batchSize(3).ownerPrefix("t")
                        .faultBackoff(Duration.ofMillis(5), Duration.ofMillis(40)).build().runUntilIdle();
                errorLines = logs.lines("ERROR", TaskWorker.class);
            }
            String what = fault.getKey() + ": " + st;
            assertThat(effects.get()).as(what).isZero();
            assertThat(queryLong("SELECT COUNT(*) FROM " + taskTable + " WHERE status = 'PENDING' AND attempts = 0"
                    + " AND owner IS NULL")).as(what + ": every row back, no attempt used").isEqualTo(rows);
            assertThat(st.claimed()).as(what).isPositive();
            assertThat(st.released()).as(what + ": every claim released").isEqualTo(st.claimed());
            assertThat(st.done() + st.retryPending() + st.dead() + st.lost() + st.unrecorded() + st.inDoubt()
                    + st.inProgress()).as(what).isZero();
            assertThat(st.errors()).as(what).isPositive();
            assertThat(errorLines).as(what + ": one ERROR line per counted error, plus the give-up line of each"
                    + " thread").hasSize((int) st.errors() + 2);
            assertThat(errorLines).as(what).allMatch(l -> l.contains("not the effect's own failure")
                    || l.contains("giving up"));
        }
        assertThat(probeCount()).isZero();
    }

    @Test
    void faultBackoffDoublesUpToItsCeiling() {
        Duration first = Duration.ofMillis(250);
        Duration max = Duration.ofSeconds(3);
        assertThat(List.of(1, 2, 3, 4, 5, 60, Integer.MAX_VALUE)).extracting(n -> TaskWorker.backoff(n, first, max))
                .containsExactly(Duration.ofMillis(250), Duration.ofMillis(500), Duration.ofSeconds(1),
                        Duration.ofSeconds(2), max, max, max);
        assertThatThrownBy(() -> TaskWorker.builder(claimer, ledgerBuilder(pool).build(), c -> null)
                .faultBackoff(Duration.ofSeconds(2), Duration.ofSeconds(1))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TaskWorker.builder(claimer, ledgerBuilder(pool).build(), c -> null)
                .faultBackoff(Duration.ZERO, Duration.ofSeconds(1))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aKeyLeftInProgressByACrashedRunIsReleasedWithoutUsingAttemptsUntilItsLedgerLeaseExpires() throws Exception {
        insertTasks(3, 1, 2, 3, 4);
        AtomicInteger effects = new AtomicInteger();
        // a crashed run: it claimed task 2 and recorded its key STARTED, then died; the sweep returned the task
        IdempotencyLedger live = ledgerBuilder(pool).lease(Duration.ofMinutes(5)).build();
        claimer.claim(2L, "crashed").orElseThrow();
        assertThat(live.begin(IdempotencyKeys.of("probe", 2L), "fp", 2L).state()).isEqualTo(BeginResult.State.ACQUIRED);
        tick(20);
        assertThat(claimer.recoverExpired(Duration.ZERO).toPending()).isEqualTo(1);

        WorkerStats st = TaskWorker.builder(claimer, live, probeHandler(effects)).batchSize(10).ownerPrefix("restart")
                .recoverEvery(Duration.ZERO).build().runUntilIdle();
        assertThat(effects.get()).as("tasks 1, 3 and 4 ran; task 2's key is held by the crashed run").isEqualTo(3);
        assertThat(status(2)).isEqualTo("PENDING");
        assertThat(attempts(2)).as("only the crashed run's attempt is used").isEqualTo(1);
        assertThat(queryString("SELECT last_error FROM " + taskTable + " WHERE id = 2")).contains("IN_PROGRESS");
        assertThat(st.inProgress()).as(st.toString()).isPositive();
        assertThat(st.released()).isEqualTo(st.inProgress());
        assertThat(st.inDoubt() + st.retryPending() + st.dead() + st.lost() + st.errors()).isZero();
        assertThat(st.done()).isEqualTo(3);
        assertThat(st.claimed()).isEqualTo(st.done() + st.released());

        // once the ledger lease has expired the recovery mode decides: RETRY_WITH_SAME_KEY takes the key over
        IdempotencyLedger expired = ledgerBuilder(pool).lease(Duration.ZERO).recoveryMode(RecoveryMode.RETRY_WITH_SAME_KEY)
                .build();
        tick(20);
        WorkerStats st2 = TaskWorker.builder(claimer, expired, probeHandler(effects)).ownerPrefix("later")
                .recoverEvery(Duration.ZERO).build().runUntilIdle();
        assertThat(status(2)).isEqualTo("DONE");
        assertThat(attempts(2)).isEqualTo(2);
        assertThat(effects.get()).isEqualTo(4);
        assertThat(expired.lookup(IdempotencyKeys.of("probe", 2L)).orElseThrow().attempts()).isEqualTo(2);
        assertThat(st2.done()).isEqualTo(1);
        assertThat(st2.claimed()).isEqualTo(1);

        // ... and HOLD_IN_DOUBT holds it: the task's attempts are used (it is failed IN_DOUBT) and it ends DEAD at its
        // ceiling for the reconciler, each failure counted once as inDoubt
        insertTasks(3, 5);
        IdempotencyLedger hold = ledgerBuilder(pool).lease(Duration.ZERO).build();
        assertThat(hold.begin(IdempotencyKeys.of("probe", 5L), "fp", 5L).state()).isEqualTo(BeginResult.State.ACQUIRED);
        tick(20);
        WorkerStats st3 = TaskWorker.builder(claimer, hold, probeHandler(effects)).ownerPrefix("hold")
                .recoverEvery(Duration.ZERO).build().runUntilIdle();
        assertThat(status(5)).isEqualTo("DEAD");
        assertThat(attempts(5)).isEqualTo(3);
        assertThat(effects.get()).isEqualTo(4);
        assertThat(st3.inDoubt()).isEqualTo(3);
        assertThat(st3.retryPending()).isEqualTo(2);
        assertThat(st3.dead()).isEqualTo(1);
        assertThat(st3.inProgress() + st3.released()).isZero();
    }

    @Test
    void afterStopNoNewEffectStartsAndTheRestOfTheBatchIsReleasedEvenWhenStopTimesOut() throws Exception {
        insertTasks(2, range(1, 6));
        AtomicInteger started = new AtomicInteger();
        CountDownLatch inEffect = new CountDownLatch(1);
        CountDownLatch finish = new CountDownLatch(1);
        TaskWorker worker = TaskWorker.builder(claimer, ledgerBuilder(pool).build(), claim -> TaskWork.of(
                IdempotencyKeys.of("probe", claim.id()), "fp", k -> {
                    if (started.incrementAndGet() == 1) {
                        inEffect.countDown();
                        while (true) {   // an effect that ignores interrupts
                            try {
                                if (finish.await(30, TimeUnit.SECONDS)) {
                                    break;
                                }
                            } catch (InterruptedException ignored) {
                                // keep going
                            }
                        }
                    }
                    return insertProbe(k, "worker");
                })).batchSize(5).idleWait(Duration.ofMillis(20)).ownerPrefix("stop").build();
        worker.start();
        assertThat(inEffect.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(worker.stop(Duration.ofMillis(50))).as("the effect outlives the timeout").isFalse();
        finish.countDown();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (queryLong("SELECT COUNT(*) FROM " + taskTable + " WHERE status = 'RUNNING'") > 0
                && System.nanoTime() < deadline) {
            tick(20);
        }
        tick(100);
        assertThat(started.get()).as("no effect started after stop").isEqualTo(1);
        assertThat(probeCount()).isEqualTo(1);
        assertThat(queryLong("SELECT COUNT(*) FROM " + taskTable + " WHERE status = 'DONE'")).isEqualTo(1);
        assertThat(queryLong("SELECT COUNT(*) FROM " + taskTable + " WHERE status = 'PENDING' AND attempts = 0"
                + " AND last_error LIKE '%stop%'")).as("released, not failed").isEqualTo(4);
        WorkerStats st = worker.stats();
        assertThat(st.done()).isEqualTo(1);
        assertThat(st.released()).isEqualTo(4);
        assertThat(st.retryPending() + st.dead() + st.errors()).isZero();
    }

    @Test
    void aTaskWorkerIsSingleUse() throws Exception {
        insertTasks(5, 1);
        TaskWorker worker = TaskWorker.builder(claimer, ledgerBuilder(pool).build(), probeHandler(new AtomicInteger()))
                .lease(Duration.ofMillis(50)).recoverEvery(Duration.ZERO).ownerPrefix("once").build();
        assertThat(worker.runUntilIdle().done()).isEqualTo(1);
        insertTasks(5, 2);
        claimer.claim(2L, "dead-worker").orElseThrow();
        tick(100);
        assertThatThrownBy(worker::runUntilIdle).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("single-use");
        assertThat(status(2)).as("the refused second run swept nothing").isEqualTo("RUNNING");
        assertThatThrownBy(worker::start).isInstanceOf(IllegalStateException.class).hasMessageContaining("single-use");

        TaskWorker stoppedFirst = TaskWorker.builder(claimer, ledgerBuilder(pool).build(), probeHandler(new AtomicInteger()))
                .build();
        assertThat(stoppedFirst.stop(Duration.ZERO)).isTrue();
        assertThatThrownBy(stoppedFirst::start).isInstanceOf(IllegalStateException.class).hasMessageContaining("stopped");
        assertThatThrownBy(stoppedFirst::runUntilIdle).isInstanceOf(IllegalStateException.class);
        assertThat(status(2)).isEqualTo("RUNNING");
    }

    @Test
    void handlerBugsAreCountedLoggedWithTheTaskIdAndRetriedAfterTheirDelayNotSpunToDead() throws Exception {
        insertTasks(5, 1, 2, 3, 4);
        TaskClaimer c = new TaskClaimer(pool, TaskTable.defaults(taskTable)); // default retry delay: 30 s
        AtomicInteger effects = new AtomicInteger();
        TaskWorker worker = TaskWorker.builder(c, ledgerBuilder(pool).build(), claim -> {
            long id = (Long) claim.id();
            if (id == 1) {
                return null;                                       // a handler bug: no work
            }
            if (id == 2) {
                throw new NullPointerException("payload of task 2");
            }
            return TaskWork.of(IdempotencyKeys.of("probe", id), "fp", k -> {
                if (id == 3) {
                    throw new AssertionError("handler assertion on task 3"); // an Error from the effect
                }
                effects.incrementAndGet();
                return insertProbe(k, "worker");
            });
        }).threads(1).batchSize(1).idleWait(Duration.ofMillis(10)).ownerPrefix("bugs").build();
        WorkerStats st;
        List<String> errorLines;
        long t0 = System.nanoTime();
        try (LogCapture logs = LogCapture.warnAndAbove(TaskWorker.class)) {
            st = worker.runUntilIdle();
            errorLines = logs.lines("ERROR", TaskWorker.class);
        }
        assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - t0)).as("returns, does not wait or spin").isLessThan(20);
        assertThat(st.claimed()).as("each task claimed once: the thread survived the Error; " + st).isEqualTo(4);
        assertThat(st.handlerErrors()).as(st.toString()).isEqualTo(3);
        assertThat(st.errors()).as("no database fault").isZero();
        assertThat(st.allErrors()).isEqualTo(3);
        assertThat(st.retryPending()).isEqualTo(3);
        assertThat(st.dead()).isZero();
        assertThat(st.done()).isEqualTo(1);
        assertThat(effects.get()).isEqualTo(1);
        assertThat(errorLines).hasSize(3);
        assertThat(errorLines).anyMatch(l -> l.contains("task 1:") && l.contains("returned null"));
        assertThat(errorLines).anyMatch(l -> l.contains("task 2:") && l.contains("payload of task 2"));
        assertThat(errorLines).anyMatch(l -> l.contains("task 3:") && l.contains("AssertionError"));
        for (long id = 1; id <= 3; id++) {
            assertThat(status(id)).isEqualTo("PENDING");
            assertThat(attempts(id)).as("one attempt used, not the whole budget").isEqualTo(1);
            assertThat(retryDelayMillis(id)).isBetween(30_000L, 30_050L);
        }
        assertThat(queryString("SELECT last_error FROM " + taskTable + " WHERE id = 3"))
                .startsWith("java.lang.AssertionError: handler assertion on task 3");
        assertThat(status(4)).isEqualTo("DONE");
        assertThat(c.claimBatch("again", 10)).as("nothing claimable before the retry time").isEmpty();
    }

    @Test
    void anInDoubtKeyWaitsForItsRetryTimeAndIsResolvedByMarkDone() throws Exception {
        insertTasks(5, 1);
        TaskClaimer c = new TaskClaimer(pool, TaskTable.builder(taskTable)
                .retryBackoff(Duration.ofSeconds(1), Duration.ofSeconds(1)).build());
        IdempotencyLedger l = ledgerBuilder(pool).lease(Duration.ofMillis(100)).build(); // HOLD_IN_DOUBT
        String key = IdempotencyKeys.of("probe", 1L);
        // a run that crashed between its effect and its record: the key is STARTED, past the ledger lease
        assertThat(l.begin(key, "fp", 1L).state()).isEqualTo(BeginResult.State.ACQUIRED);
        tick(250);
        AtomicInteger effects = new AtomicInteger();
        WorkerStats first = TaskWorker.builder(c, l, probeHandler(effects)).idleWait(Duration.ofMillis(10))
                .ownerPrefix("doubt1").build().runUntilIdle();
        assertThat(first.inDoubt()).as(first.toString()).isEqualTo(1);
        assertThat(first.claimed()).as("claimed once, not re-claimed at once until DEAD").isEqualTo(1);
        assertThat(first.retryPending()).isEqualTo(1);
        assertThat(first.dead()).isZero();
        assertThat(status(1)).isEqualTo("PENDING");
        assertThat(attempts(1)).isEqualTo(1);
        assertThat(queryString("SELECT last_error FROM " + taskTable + " WHERE id = 1")).contains("IN_DOUBT");
        // the operator checks the downstream: the effect did happen -> markDone; the next claim replays it
        assertThat(l.markDone(key, "checked by hand")).isTrue();
        tick(1100);
        WorkerStats second = TaskWorker.builder(c, l, probeHandler(effects)).idleWait(Duration.ofMillis(10))
                .ownerPrefix("doubt2").build().runUntilIdle();
        assertThat(second.done()).as(second.toString()).isEqualTo(1);
        assertThat(effects.get()).as("the effect is never repeated").isZero();
        assertThat(status(1)).isEqualTo("DONE");
        assertThat(attempts(1)).isEqualTo(2);
    }

    @Test
    void stopReturnsTrueWhenTheInterruptedEffectEndsAndThatClaimIsReleasedNotFailed() throws Exception {
        insertTasks(5, 1);
        CountDownLatch inEffect = new CountDownLatch(1);
        TaskWorker worker = TaskWorker.builder(claimer, ledgerBuilder(pool).build(), claim -> TaskWork.of(
                IdempotencyKeys.of("probe", claim.id()), "fp", k -> {
                    inEffect.countDown();
                    Thread.sleep(60_000);                          // ends with InterruptedException on stop
                    return insertProbe(k, "never");
                })).idleWait(Duration.ofMillis(10)).ownerPrefix("stop2").build();
        worker.start();
        assertThat(inEffect.await(30, TimeUnit.SECONDS)).isTrue();
        long t0 = System.nanoTime();
        assertThat(worker.stop(Duration.ofMillis(100))).as("the thread exited after the interrupt").isTrue();
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0)).isLessThan(10_000);
        assertThat(status(1)).isEqualTo("PENDING");
        assertThat(attempts(1)).as("the interrupted effect did not use its attempt").isZero();
        assertThat(queryString("SELECT last_error FROM " + taskTable + " WHERE id = 1")).contains("interrupted");
        WorkerStats st = worker.stats();
        assertThat(st.released()).isEqualTo(1);
        assertThat(st.retryPending() + st.dead() + st.errors() + st.handlerErrors()).isZero();
        assertThat(probeCount()).isZero();
        // a worker never started: nothing to stop, true, and it is used up
        TaskWorker never = TaskWorker.builder(claimer, ledgerBuilder(pool).build(), probeHandler(new AtomicInteger()))
                .build();
        assertThat(never.stop(Duration.ofSeconds(5))).isTrue();
        assertThatThrownBy(never::runUntilIdle).isInstanceOf(IllegalStateException.class).hasMessageContaining("stopped");
    }

    @Test
    void runUntilIdleThrowsWhenItsInitialSweepFailsAndStartCountsSweepFailures() throws Exception {
        TaskClaimer missing = new TaskClaimer(pool, TaskTable.defaults(taskTable + "_missing"));
        TaskWorker w = TaskWorker.builder(missing, ledgerBuilder(pool).build(), probeHandler(new AtomicInteger()))
                .ownerPrefix("missing").build();
        assertThatThrownBy(w::runUntilIdle).isInstanceOf(IdemcheckDataAccessException.class)
                .hasMessageContaining("task table " + taskTable + "_missing cannot be read");
        assertThat(w.stats().errors()).as("thrown, not counted").isZero();
        TaskWorker started = TaskWorker.builder(missing, ledgerBuilder(pool).build(), probeHandler(new AtomicInteger()))
                .idleWait(Duration.ofMillis(10)).faultBackoff(Duration.ofMillis(10), Duration.ofMillis(20))
                .ownerPrefix("missing2").build();
        try (LogCapture logs = LogCapture.warnAndAbove(TaskWorker.class)) {
            started.start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (logs.lines("ERROR", TaskWorker.class).stream().noneMatch(l -> l.contains("recovering expired leases"))
                    && System.nanoTime() < deadline) {
                tick(20);
            }
            assertThat(started.stop(Duration.ofSeconds(5))).isTrue();
            assertThat(logs.lines("ERROR", TaskWorker.class)).anyMatch(l -> l.contains("recovering expired leases failed"));
        }
        assertThat(started.stats().errors()).as("the sweep failure and the claim failures are counted").isPositive();
    }

    @Test
    void theSweepSkipsRowsAnotherTransactionHoldsAndStartUpClaimsAtOnce() throws Exception {
        // row 1: RUNNING inside its lease, row 2: RUNNING and expired, both held by a frozen transaction;
        // row 3: RUNNING and expired, free; rows 10..29 PENDING
        insertTasks(5, 1, 2, 3);
        insertTasks(5, range(10, 30));
        Claim c1 = claimer.claim(1L, "frozen").orElseThrow();
        claimer.claim(2L, "frozen").orElseThrow();
        claimer.claim(3L, "crashed").orElseThrow();
        tick(1500);
        assertThat(claimer.heartbeat(c1)).isEqualTo(Outcome.OK);
        long heartbeatAt = System.nanoTime();
        Duration lease = Duration.ofMillis(1000);
        ExecutorService ex = Executors.newSingleThreadExecutor();
        try (Connection frozen = pool2.getConnection(); Statement st = frozen.createStatement()) {
            frozen.setAutoCommit(false);
            st.executeUpdate("UPDATE " + taskTable + " SET owner = owner WHERE id IN (1, 2)");  // row locks held
            try {
                Future<RecoveryCounts> sweep = ex.submit(() -> claimer.recoverExpired(lease));
                RecoveryCounts r = sweep.get(20, TimeUnit.SECONDS);  // before the fix: lock wait (1205 / forever)
                assertThat(r.toPending()).as("the free expired row only").isEqualTo(1);
                assertThat(status(3)).isEqualTo("PENDING");
                assertThat(status(2)).as("held: left for the next sweep").isEqualTo("RUNNING");
                AtomicInteger effects = new AtomicInteger();
                TaskWorker w = TaskWorker.builder(claimer, ledgerBuilder(pool).build(), probeHandler(effects))
                        .lease(Duration.ofSeconds(30)).ownerPrefix("skip").build();
                Future<WorkerStats> run = ex.submit(w::runUntilIdle);
                WorkerStats stats = run.get(30, TimeUnit.SECONDS);
                assertThat(stats.done()).as(stats.toString()).isEqualTo(21);
                assertThat(stats.sweepFailures()).as(stats.toString()).isZero();
            } finally {
                frozen.rollback();
            }
        } finally {
            ex.shutdownNow();
        }
        // row 1's heartbeat is 1.5 s younger than row 2's claim; the worker's run may take longer than the 1 s lease
        // on a loaded machine, so the next sweep's lease is set between the two ages (0.5 s margin on each side)
        Duration between = Duration.ofNanos(System.nanoTime() - heartbeatAt).plusMillis(500);
        assertThat(claimer.recoverExpired(between).toPending()).as("released: the next sweep takes it").isEqualTo(1);
        assertThat(status(2)).isEqualTo("PENDING");
        assertThat(status(1)).as("heartbeat younger than the lease").isEqualTo("RUNNING");
    }

    @Test
    void theSweepRecoversMoreRowsThanOneChunk() throws Exception {
        int n = TaskClaimer.SWEEP_CHUNK * 2 + 100;
        insertTasks(5, range(1, n + 1));
        try (Connection c = pool.getConnection(); Statement st = c.createStatement()) {
            st.executeUpdate("UPDATE " + taskTable + " SET status = 'RUNNING', owner = 'crashed', attempts = 1");
            st.executeUpdate("UPDATE " + taskTable + " SET attempts = 5 WHERE id <= 10");  // at the ceiling
        }
        tick(50);
        RecoveryCounts r = claimer.recoverExpired(Duration.ZERO);
        assertThat(r.toPending()).isEqualTo(n - 10);
        assertThat(r.toDead()).isEqualTo(10);
        assertThat(queryLong("SELECT COUNT(*) FROM " + taskTable + " WHERE status = 'RUNNING'")).isZero();
    }

    @Test
    void rowsTheStartUpSweepSendsToDeadAreCountedInRecoveredToDead() throws Exception {
        insertTasks(1, 1);  // at its ceiling once claimed
        insertTasks(5, 2);
        claimer.claim(1L, "crashed").orElseThrow();
        claimer.claim(2L, "crashed").orElseThrow();
        tick(300);
        AtomicInteger effects = new AtomicInteger();
        WorkerStats st = TaskWorker.builder(claimer, ledgerBuilder(pool).build(), probeHandler(effects))
                .lease(Duration.ofMillis(150)).ownerPrefix("dead").build().runUntilIdle();
        assertThat(status(1)).isEqualTo("DEAD");
        assertThat(st.recovered()).as(st.toString()).isEqualTo(2);
        assertThat(st.recoveredToDead()).as(st.toString()).isEqualTo(1);
        assertThat(st.dead()).as("not this worker's claim").isZero();
        assertThat(st.done()).as(st.toString()).isEqualTo(1);
    }

    @Test
    void verifyColumnsNamesWhatIsMissingAndAdvisesNotBeforeOnlyWhenItIsTheMissingColumn() throws Exception {
        TaskClaimer noTable = new TaskClaimer(pool, TaskTable.defaults(taskTable + "_missing"));
        assertThatThrownBy(noTable::verifyColumns).isInstanceOf(IdemcheckDataAccessException.class)
                .hasMessageContaining("task table " + taskTable + "_missing cannot be read")
                .hasMessageContaining("the table does not exist or this user may not read it")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("ALTER TABLE").doesNotContain("not_before"
                        + " existed"));
        try (Connection c = pool.getConnection(); Statement st = c.createStatement()) {
            st.execute("ALTER TABLE " + taskTable + " DROP COLUMN last_error");
        }
        assertThatThrownBy(claimer::verifyColumns).isInstanceOf(IdemcheckDataAccessException.class)
                .hasMessageContaining("it has no column last_error")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("ALTER TABLE").doesNotContain("no column"
                        + " not_before"));
        try (Connection c = pool.getConnection(); Statement st = c.createStatement()) {
            st.execute("ALTER TABLE " + taskTable + " DROP COLUMN not_before");
        }
        assertThatThrownBy(claimer::verifyColumns).isInstanceOf(IdemcheckDataAccessException.class)
                .hasMessageContaining("it has no column last_error, no column not_before")
                .hasMessageContaining("ALTER TABLE " + taskTable + " ADD COLUMN not_before");
    }

    @Test
    void aMissingLedgerTableFailsRunUntilIdleAtOnceWithTheCause() throws Exception {
        insertTasks(5, 1, 2);
        AtomicInteger effects = new AtomicInteger();
        TaskWorker w = TaskWorker.builder(claimer, IdempotencyLedger.builder(pool).table(ledgerTable + "_missing")
                        .build(), probeHandler(effects)).ownerPrefix("noledger")
                .faultBackoff(Duration.ofSeconds(5), Duration.ofSeconds(5)).build();
        long t0 = System.nanoTime();
        try (LogCapture logs = LogCapture.warnAndAbove(TaskWorker.class)) {
            assertThatThrownBy(w::runUntilIdle).isInstanceOf(IdemcheckDataAccessException.class)
                    .hasMessageContaining("ledger table " + ledgerTable + "_missing cannot be read")
                    .hasMessageContaining("the table does not exist");
            assertThat(logs.lines("ERROR", TaskWorker.class)).as("no ERROR per batch").isEmpty();
        }
        assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - t0)).as("at once, no backoff").isLessThan(4);
        assertThat(effects.get()).isZero();
        assertThat(queryLong("SELECT COUNT(*) FROM " + taskTable + " WHERE status = 'PENDING' AND attempts = 0"))
                .as("nothing claimed").isEqualTo(2);
        ledgerBuilder(pool).build().verifyTable();  // the real table passes
    }

    @Test
    void theHeartbeatNeverCoversClaimsItsOwnWorkerIsRecordingSoNoFalseLostLeaseWarnings() throws Exception {
        insertTasks(5, range(1, 301));
        AtomicInteger effects = new AtomicInteger();
        WorkerStats st;
        List<String> warns;
        try (LogCapture logs = LogCapture.warnAndAbove(TaskClaimer.class, TaskWorker.class)) {
            // a heartbeat every millisecond over 100 small batches: before, heartbeats ran on claims the same worker
            // had just completed ("heartbeat ... changed 0 rows ... already DONE under this same claim")
            st = TaskWorker.builder(claimer, ledgerBuilder(pool).build(), probeHandler(effects)).threads(2).batchSize(3)
                    .lease(Duration.ofSeconds(30)).heartbeatEvery(Duration.ofMillis(1)).ownerPrefix("hb").build()
                    .runUntilIdle();
            warns = logs.lines();
        }
        assertThat(st.done()).as(st.toString()).isEqualTo(300);
        assertThat(st.lost()).as(st.toString()).isZero();
        assertThat(warns).as("no WARN for claims completed by their own worker").isEmpty();
    }

    @Test
    void logLinesUseTheTablesOwnStateNames() throws Exception {
        insertTasks(5, 1, 2);
        try (Connection c = pool.getConnection(); Statement st = c.createStatement()) {
            st.executeUpdate("UPDATE " + taskTable + " SET status = 'NEW'");
        }
        TaskClaimer custom = new TaskClaimer(pool, TaskTable.builder(taskTable).states("NEW", "BUSY", "OK", "DLQ")
                .retryBackoff(Duration.ZERO, Duration.ZERO).build());
        List<String> warns;
        try (LogCapture logs = LogCapture.warnAndAbove(TaskClaimer.class)) {
            Claim c1 = custom.claim(1L, "w").orElseThrow();
            assertThat(custom.complete(c1)).isEqualTo(Outcome.OK);
            assertThat(custom.complete(c1)).isEqualTo(Outcome.LOST);
            custom.claim(2L, "crashed").orElseThrow();
            tick(50);
            assertThat(custom.recoverExpired(Duration.ZERO).toPending()).isEqualTo(1);
            warns = logs.lines();
        }
        assertThat(warns).anyMatch(l -> l.contains("already OK under this same claim"))
                .anyMatch(l -> l.contains("expired BUSY rows") && l.contains("1 to NEW, 0 to DLQ"))
                .noneMatch(l -> l.contains("DONE") || l.contains("PENDING") || l.contains("RUNNING"));
    }

    @Test
    void aTableWithoutTheRetryTimeColumnFailsAtOnceWithItsUpgradeOrRunsWithoutRetryTimes() throws Exception {
        insertTasks(5, 1, 2);
        try (Connection c = pool.getConnection(); Statement st = c.createStatement()) {
            st.execute("ALTER TABLE " + taskTable + " DROP COLUMN not_before");  // a table from an earlier version
        }
        TaskClaimer old = new TaskClaimer(pool, TaskTable.defaults(taskTable));
        AtomicInteger effects = new AtomicInteger();
        TaskWorker w = TaskWorker.builder(old, ledgerBuilder(pool).build(), probeHandler(effects)).ownerPrefix("up").build();
        long t0 = System.nanoTime();
        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(w::runUntilIdle);
        assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - t0)).as("at once, no backoff").isLessThan(10);
        assertThat(thrown).isInstanceOf(IdemcheckDataAccessException.class)
                .hasMessageContaining("task table " + taskTable + " cannot be read")
                .hasMessageContaining("noNotBeforeColumn()");
        assertThat(effects.get()).isZero();
        assertThat(queryLong("SELECT COUNT(*) FROM " + taskTable + " WHERE status = 'PENDING' AND attempts = 0")).isEqualTo(2);
        // the old behaviour, described: a failed row is claimable again at once
        TaskClaimer described = new TaskClaimer(pool, TaskTable.builder(taskTable).noNotBeforeColumn().build());
        assertThat(described.fail(described.claim(1L, "a").orElseThrow(), new IOException("no"))).isEqualTo(Outcome.RETRY_PENDING);
        assertThat(described.claim(1L, "b")).as("no retry time without the column").isPresent();
        // the upgrade the message names works as printed
        String msg = thrown.getMessage();
        String alter = msg.substring(msg.indexOf("ALTER TABLE"), msg.indexOf(" NULL", msg.indexOf("ALTER TABLE")) + 5);
        assertThat(alter).isEqualTo("ALTER TABLE " + taskTable + " ADD COLUMN not_before "
                + (db().dialect() == Dialect.POSTGRESQL ? "TIMESTAMPTZ" : db().dialect() == Dialect.MYSQL ? "DATETIME(3)"
                : "TIMESTAMP WITH TIME ZONE") + " NULL");
        try (Connection c = pool.getConnection(); Statement st = c.createStatement()) {
            st.execute(alter);
        }
        WorkerStats st = TaskWorker.builder(old, ledgerBuilder(pool).build(), probeHandler(effects)).ownerPrefix("up2")
                .build().runUntilIdle();
        assertThat(st.done()).as(st.toString()).isEqualTo(1);
        assertThat(status(2)).isEqualTo("DONE");
    }

    private String insertProbe(String key, String note) throws SQLException {
        try (Connection c = pool2.getConnection(); PreparedStatement ps = c.prepareStatement(
                "INSERT INTO " + probeTable + " (idem_key, note) VALUES (?, ?)")) {
            ps.setString(1, key);
            ps.setString(2, note);
            ps.executeUpdate();
        }
        return note;
    }

    // ------------------------------------------------------------------ concurrency

    @Test
    void manyThreadsOverTwoPoolsClaimEachRowExactlyOnce() throws Exception {
        int rows = 120;
        insertTasks(5, range(1, rows + 1));
        TaskClaimer c1 = new TaskClaimer(pool, tasks);
        TaskClaimer c2 = new TaskClaimer(pool2, tasks);
        Map<Long, List<Claim>> claims = new ConcurrentHashMap<>();
        AtomicInteger thread = new AtomicInteger();
        List<Integer> completed = runConcurrently(8, () -> {
            int n = thread.incrementAndGet();
            TaskClaimer mine = n % 2 == 0 ? c1 : c2;
            List<Long> order = new ArrayList<>();
            for (long id = 1; id <= rows; id++) {
                order.add(id);
            }
            Collections.shuffle(order);
            int done = 0;
            for (Long id : order) {
                Optional<Claim> c = mine.claim(id, "t" + n);
                if (c.isPresent()) {
                    claims.computeIfAbsent(id, k -> new CopyOnWriteArrayList<>()).add(c.get());
                    if (mine.complete(c.get()) == Outcome.OK) {
                        done++;
                    }
                }
            }
            return done;
        });
        assertThat(claims).hasSize(rows);
        assertThat(claims.values()).allSatisfy(l -> assertThat(l).hasSize(1));
        assertThat(completed.stream().mapToInt(Integer::intValue).sum()).isEqualTo(rows);
        assertThat(queryLong("SELECT COUNT(*) FROM " + taskTable + " WHERE status = 'DONE' AND attempts = 1"))
                .isEqualTo(rows);
    }

    @Test
    void sweepRacingHeartbeatsAndClaimsNeverProducesTwoOwners() throws Exception {
        int rows = 30;
        insertTasks(1000, range(1, rows + 1));
        TaskClaimer a = new TaskClaimer(pool, tasks);
        TaskClaimer b = new TaskClaimer(pool2, tasks);
        List<Claim> aClaims = new ArrayList<>();
        for (long id = 1; id <= rows; id++) {
            aClaims.add(a.claim(id, "A").orElseThrow());
        }
        Map<Long, List<Claim>> bClaims = new ConcurrentHashMap<>();
        AtomicInteger lostHeartbeats = new AtomicInteger();
        AtomicInteger recovered = new AtomicInteger();
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger role = new AtomicInteger();
        runConcurrently(3, () -> {
            int r = role.getAndIncrement();
            for (int round = 0; round < 15; round++) {
                if (r == 0) {
                    for (Claim c : aClaims) {
                        if (a.heartbeat(c) == Outcome.LOST) {
                            lostHeartbeats.incrementAndGet();
                        }
                    }
                } else if (r == 1) {
                    tick(5);
                    recovered.addAndGet(b.recoverExpired(Duration.ZERO).toPending());
                } else {
                    for (long id = 1; id <= rows; id++) {
                        b.claim(id, "B").ifPresent(c -> bClaims.computeIfAbsent(c.id() instanceof Long l ? l : 0L,
                                k -> new CopyOnWriteArrayList<>()).add(c));
                    }
                }
            }
            stop.set(true);
            return null;
        });
        assertThat(recovered.get()).as("the sweep actually recovered rows").isPositive();
        assertThat(lostHeartbeats.get()).as("heartbeats noticed the lost lease").isPositive();
        // every claim ever handed out tries to complete; per row at most one may succeed, and it must be the last
        int ok = 0;
        for (long id = 1; id <= rows; id++) {
            List<Claim> all = new ArrayList<>();
            all.add(aClaims.get((int) id - 1));
            all.addAll(bClaims.getOrDefault(id, List.of()));
            int okForRow = 0;
            for (Claim c : all) {
                if (a.complete(c) == Outcome.OK) {
                    okForRow++;
                    assertThat(c.attempt()).isEqualTo((int) attempts(id));
                }
            }
            assertThat(okForRow).as("successful completes of row %s", id).isLessThanOrEqualTo(1);
            assertThat(okForRow == 1).isEqualTo("DONE".equals(status(id)));
            ok += okForRow;
        }
        assertThat(ok).isEqualTo((int) queryLong("SELECT COUNT(*) FROM " + taskTable + " WHERE status = 'DONE'"));
    }

    // ------------------------------------------------------------------ ledger

    @Test
    void concurrentRunOnceWithOneKeyRunsTheEffectOnce() throws Exception {
        IdempotencyLedger l1 = ledgerBuilder(pool).build();
        IdempotencyLedger l2 = ledgerBuilder(pool2).build();
        String key = IdempotencyKeys.of("charge", 42L, java.time.LocalDate.of(2026, 11, 29));
        String fp = IdempotencyKeys.fingerprint("EUR", new java.math.BigDecimal("12.50"));
        AtomicInteger effects = new AtomicInteger();
        AtomicInteger thread = new AtomicInteger();
        List<RunResult> results = runConcurrently(10, () -> {
            IdempotencyLedger l = thread.incrementAndGet() % 2 == 0 ? l1 : l2;
            return l.runOnce(key, fp, 42L, k -> {
                effects.incrementAndGet();
                tick(100);
                return "charged:" + k;
            });
        });
        assertThat(effects.get()).isEqualTo(1);
        assertThat(results).filteredOn(r -> r.state() == RunResult.State.EXECUTED).hasSize(1);
        assertThat(results).allSatisfy(r -> assertThat(r.state()).isIn(RunResult.State.EXECUTED,
                RunResult.State.IN_PROGRESS, RunResult.State.REPLAYED));
        RunResult again = l1.runOnce(key, fp, 42L, k -> {
            effects.incrementAndGet();
            return "second";
        });
        assertThat(again.state()).isEqualTo(RunResult.State.REPLAYED);
        assertThat(again.result()).isEqualTo("charged:charge:42:2026-11-29");
        assertThat(again.isDone()).isTrue();
        assertThat(effects.get()).isEqualTo(1);
        LedgerRecord rec = l1.lookup(key).orElseThrow();
        assertThat(rec.isDone()).isTrue();
        assertThat(rec.taskId()).isEqualTo("42");
        assertThat(rec.attempts()).isEqualTo(1);
    }

    @Test
    void concurrentRunOnceInTransactionCommitsEffectAndLedgerTogetherOnce() throws Exception {
        IdempotencyLedger l1 = ledgerBuilder(pool).build();
        IdempotencyLedger l2 = ledgerBuilder(pool2).build();
        String key = IdempotencyKeys.of("invoice", 7L);
        AtomicInteger thread = new AtomicInteger();
        List<RunResult> results = runConcurrently(8, () -> {
            IdempotencyLedger l = thread.incrementAndGet() % 2 == 0 ? l1 : l2;
            return l.runOnceInTransaction(key, "fp", 7L, (c, k) -> {
                try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + probeTable + " (idem_key, note) VALUES (?, ?)")) {
                    ps.setString(1, k);
                    ps.setString(2, "t" + thread.get());
                    ps.executeUpdate();
                }
                tick(50);
                return "invoice-row";
            });
        });
        assertThat(results).filteredOn(r -> r.state() == RunResult.State.EXECUTED).hasSize(1);
        assertThat(results).allSatisfy(r -> assertThat(r.state()).isIn(RunResult.State.EXECUTED, RunResult.State.REPLAYED));
        assertThat(results).allSatisfy(r -> assertThat(r.result()).isEqualTo("invoice-row"));
        assertThat(probeCount()).isEqualTo(1);
    }

    @Test
    void transactionalEffectFailureRollsBackEffectAndLedgerRow() throws SQLException {
        IdempotencyLedger l = ledgerBuilder(pool).build();
        assertThatThrownBy(() -> l.runOnceInTransaction("k:1", "fp", null, (c, k) -> {
            try (Statement s = c.createStatement()) {
                s.executeUpdate("INSERT INTO " + probeTable + " (idem_key) VALUES ('k:1')");
            }
            throw new IOException("disk full");
        })).isInstanceOf(EffectFailedException.class).hasCauseInstanceOf(IOException.class);
        assertThat(probeCount()).isZero();
        assertThat(l.lookup("k:1")).isEmpty();
        RunResult ok = l.runOnceInTransaction("k:1", "fp", null, (c, k) -> "ok");
        assertThat(ok.state()).isEqualTo(RunResult.State.EXECUTED);
    }

    @Test
    void taskCompletionCommitsInTheLedgerTransaction() throws SQLException {
        insertTasks(5, 50, 51);
        IdempotencyLedger l = ledgerBuilder(pool).build();
        Claim ok = claimer.claim(50L, "w").orElseThrow();
        RunResult r = l.runOnceInTransaction(IdempotencyKeys.of("bill", 50L), "fp", ok.id(), (c, k) -> {
            if (claimer.complete(c, ok) != Outcome.OK) {
                throw new LeaseLostException(ok, "complete");
            }
            return "billed";
        });
        assertThat(r.state()).isEqualTo(RunResult.State.EXECUTED);
        assertThat(status(50)).isEqualTo("DONE");

        Claim stale = claimer.claim(51L, "w").orElseThrow();
        tick(20);
        claimer.recoverExpired(Duration.ZERO);
        claimer.claim(51L, "other").orElseThrow();
        assertThatThrownBy(() -> l.runOnceInTransaction(IdempotencyKeys.of("bill", 51L), "fp", 51L, (c, k) -> {
            try (Statement s = c.createStatement()) {
                s.executeUpdate("INSERT INTO " + probeTable + " (idem_key) VALUES ('" + k + "')");
            }
            if (claimer.complete(c, stale) != Outcome.OK) {
                throw new LeaseLostException(stale, "complete");
            }
            return "never";
        })).isInstanceOf(LeaseLostException.class);
        assertThat(probeCount()).as("effect rolled back with the lost completion").isZero();
        assertThat(l.lookup(IdempotencyKeys.of("bill", 51L))).isEmpty();
        assertThat(status(51)).isEqualTo("RUNNING");
    }

    @Test
    void sameKeyWithAnotherFingerprintIsAnError() {
        IdempotencyLedger l = ledgerBuilder(pool).build();
        AtomicInteger effects = new AtomicInteger();
        l.runOnce("refund:9", "fp-A", k -> String.valueOf(effects.incrementAndGet()));
        assertThatThrownBy(() -> l.runOnce("refund:9", "fp-B", k -> String.valueOf(effects.incrementAndGet())))
                .isInstanceOf(IdempotencyConflictException.class).hasMessageContaining("refund:9");
        assertThatThrownBy(() -> l.runOnceInTransaction("refund:9", "fp-B", null, (c, k) -> "x"))
                .isInstanceOf(IdempotencyConflictException.class);
        assertThat(effects.get()).isEqualTo(1);
        assertThat(l.lookup("refund:9").orElseThrow().requestFingerprint()).isEqualTo("fp-A");
    }

    @Test
    void manualBeginAndMarkDone() {
        IdempotencyLedger l = ledgerBuilder(pool).build();
        BeginResult b = l.begin("mail:1", "fp", 1L);
        assertThat(b.state()).isEqualTo(BeginResult.State.ACQUIRED);
        assertThat(b.mustRunEffect()).isTrue();
        assertThat(l.begin("mail:1", "fp").state()).isEqualTo(BeginResult.State.IN_PROGRESS);
        assertThat(l.markDone("mail:1", "sent")).isTrue();
        assertThat(l.markDone("mail:1", "sent twice")).isFalse();
        BeginResult again = l.begin("mail:1", "fp");
        assertThat(again.state()).isEqualTo(BeginResult.State.ALREADY_DONE);
        assertThat(again.result()).isEqualTo("sent");
        assertThat(l.release("mail:1")).as("DONE rows are never released").isFalse();
        assertThatThrownBy(() -> l.markDone("never-begun", "x")).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void effectFailureReleasesTheKeySoARetryRunsAgain() {
        IdempotencyLedger l = ledgerBuilder(pool).build();
        AtomicInteger calls = new AtomicInteger();
        assertThatThrownBy(() -> l.runOnce("push:1", "fp", k -> {
            calls.incrementAndGet();
            throw new IOException("503");
        })).isInstanceOf(EffectFailedException.class);
        assertThat(l.lookup("push:1")).isEmpty();
        RunResult r = l.runOnce("push:1", "fp", k -> "pushed#" + calls.incrementAndGet());
        assertThat(r.state()).isEqualTo(RunResult.State.EXECUTED);
        assertThat(r.result()).isEqualTo("pushed#2");
    }

    @Test
    void inDoubtKeyIsHeldByDefault() {
        IdempotencyLedger l = ledgerBuilder(pool).lease(Duration.ofMillis(300)).build();
        assertThat(l.recoveryMode()).isEqualTo(RecoveryMode.HOLD_IN_DOUBT);
        // an attempt that died after recording the key (no markDone)
        assertThat(l.begin("sms:5", "fp", 5L).state()).isEqualTo(BeginResult.State.ACQUIRED);
        AtomicInteger effects = new AtomicInteger();
        assertThat(l.runOnce("sms:5", "fp", k -> "x" + effects.incrementAndGet()).state())
                .isEqualTo(RunResult.State.IN_PROGRESS);
        tick(450);
        RunResult r = l.runOnce("sms:5", "fp", k -> "x" + effects.incrementAndGet());
        assertThat(r.state()).isEqualTo(RunResult.State.IN_DOUBT);
        assertThat(r.isDone()).isFalse();
        assertThat(effects.get()).isZero();
        assertThat(l.lookup("sms:5").orElseThrow().status()).isEqualTo("STARTED");
        ReconciliationReport rep = new Reconciler(pool, tasks, ledger, Duration.ofMinutes(1), Duration.ofMillis(300)).check();
        assertThat(rep.inDoubtKeys()).extracting(ReconciliationReport.InDoubtKey::key).containsExactly("sms:5");
    }

    @Test
    void inDoubtKeyIsRetriedWithTheSameKeyByExactlyOneCaller() throws Exception {
        // the lease must outlast the winner's retry even on a loaded machine (a retry slower than its lease is taken
        // over by design, which this test is not about): 2 s, where the retry itself sleeps 50 ms
        IdempotencyLedger l = ledgerBuilder(pool).lease(Duration.ofMillis(2000))
                .recoveryMode(RecoveryMode.RETRY_WITH_SAME_KEY).build();
        IdempotencyLedger l2 = ledgerBuilder(pool2).lease(Duration.ofMillis(2000))
                .recoveryMode(RecoveryMode.RETRY_WITH_SAME_KEY).build();
        String key = IdempotencyKeys.of("charge", 77L);
        assertThat(l.begin(key, "fp", 77L).state()).isEqualTo(BeginResult.State.ACQUIRED);
        tick(2150);
        List<String> keysSeen = new CopyOnWriteArrayList<>();
        AtomicInteger thread = new AtomicInteger();
        List<RunResult> results = runConcurrently(6, () -> (thread.incrementAndGet() % 2 == 0 ? l : l2)
                .runOnce(key, "fp", 77L, k -> {
                    keysSeen.add(k);
                    tick(50);
                    return "charged";
                }));
        assertThat(keysSeen).containsExactly(key);
        assertThat(results).filteredOn(r -> r.state() == RunResult.State.RETRIED).hasSize(1);
        LedgerRecord rec = l.lookup(key).orElseThrow();
        assertThat(rec.isDone()).isTrue();
        assertThat(rec.attempts()).isEqualTo(2);
        assertThat(rec.result()).isEqualTo("charged");
    }

    // ------------------------------------------------------------------ reconciler

    @Test
    void reconcilerReportsEveryAnomalyKind() throws SQLException {
        insertTasks(5, 1, 2, 3, 5, 6);
        insertTasks(1, 4);
        IdempotencyLedger l = ledgerBuilder(pool).lease(Duration.ofMillis(300)).build();
        Duration taskLease = Duration.ofMillis(300);

        // 1: DONE without a ledger row
        claimer.completeOrThrow(claimer.claim(1L, "w").orElseThrow());
        // 2: ledger DONE, task left RUNNING past its lease (crash between markDone and complete)
        Claim c2 = claimer.claim(2L, "w").orElseThrow();
        l.runOnce(IdempotencyKeys.of("t", 2L), "fp", c2.id(), k -> "ok");
        // 3: key in doubt (crash after begin)
        claimer.claim(3L, "w").orElseThrow();
        l.begin(IdempotencyKeys.of("t", 3L), "fp", 3L);
        // 4: DEAD
        assertThat(claimer.fail(claimer.claim(4L, "w").orElseThrow(), new RuntimeException("x"))).isEqualTo(Outcome.DEAD);
        // ledger DONE for a task that does not exist
        l.runOnce(IdempotencyKeys.of("t", 99L), "fp", 99L, k -> "ok");
        tick(450);
        // 5: healthy (ledger DONE + task DONE); 6: normal window (ledger DONE, task RUNNING within its lease)
        Claim c5 = claimer.claim(5L, "w").orElseThrow();
        l.runOnce(IdempotencyKeys.of("t", 5L), "fp", 5L, k -> "ok");
        claimer.completeOrThrow(c5);
        Claim c6 = claimer.claim(6L, "w").orElseThrow();
        l.runOnce(IdempotencyKeys.of("t", 6L), "fp", c6.id(), k -> "ok");

        ReconciliationReport rep = new Reconciler(pool, tasks, ledger, taskLease, Duration.ofMillis(300)).check();
        assertThat(rep.doneTasksWithoutLedger()).containsExactly("1");
        assertThat(rep.ledgerDoneTaskNotDone()).extracting(ReconciliationReport.LedgerWithoutDoneTask::key,
                        ReconciliationReport.LedgerWithoutDoneTask::taskId, ReconciliationReport.LedgerWithoutDoneTask::taskStatus)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("t:2", "2", "RUNNING"),
                        org.assertj.core.groups.Tuple.tuple("t:99", "99", null));
        assertThat(rep.inDoubtKeys()).extracting(ReconciliationReport.InDoubtKey::key, ReconciliationReport.InDoubtKey::taskId)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("t:3", "3"));
        assertThat(rep.expiredRunningTasks()).extracting(ReconciliationReport.StaleTask::id).containsExactly("2", "3");
        assertThat(rep.deadCount()).isEqualTo(1);
        assertThat(rep.isClean()).isFalse();
        assertThat(rep.anomalyCount()).isEqualTo(1 + 2 + 1 + 2 + 1);
        assertThat(rep.truncated()).isFalse();
        assertThat(new Reconciler(pool, tasks, ledger, taskLease, Duration.ofMillis(300)).withoutDoneTaskCheck().check()
                .doneTasksWithoutLedger()).isEmpty();
        assertThat(new Reconciler(pool, tasks, ledger, taskLease, Duration.ofMillis(300)).withMaxRows(1).check()
                .truncated()).isTrue();
    }

    @Test
    void reconcilerOnAHealthyTableIsClean() throws SQLException {
        insertTasks(5, 1);
        IdempotencyLedger l = ledgerBuilder(pool).build();
        Claim c = claimer.claim(1L, "w").orElseThrow();
        assertThat(l.runOnce(IdempotencyKeys.of("t", 1L), "fp", c.id(), k -> "ok").isDone()).isTrue();
        claimer.completeOrThrow(c);
        ReconciliationReport rep = new Reconciler(pool, tasks, ledger, Duration.ofMinutes(5), Duration.ofMinutes(5)).check();
        assertThat(rep.isClean()).as(rep.toString()).isTrue();
    }
}
