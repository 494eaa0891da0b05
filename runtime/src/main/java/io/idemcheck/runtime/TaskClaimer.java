package io.idemcheck.runtime;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Claims rows of the user's task table with a lease, fenced by owner and attempt.
 *
 * <h2>Life cycle of a row</h2>
 * <pre>
 *   PENDING --claim--> RUNNING --complete--> DONE
 *                        |  |--release (attempts - 1)-----------------------> PENDING
 *                        |  \--fail / recoverExpired (attempts &lt; max)--> PENDING
 *                        \----fail / recoverExpired (attempts &gt;= max)--> DEAD  (kept, counted, never deleted)
 * </pre>
 * The attempt counter is incremented by the claim, so a worker that crashes after claiming still uses up an attempt:
 * a task that kills its JVM every time ends DEAD after max attempts instead of being revived forever. {@link #release}
 * gives a claim back without using its attempt, for work that did not start (a stop, an idempotency key held
 * elsewhere, a database or configuration fault).
 *
 * <h2>Transactions and clocks</h2>
 * Every method takes a connection from the {@link DataSource}, runs its statements and commits before returning
 * (connections are used in auto-commit mode, except the claim on MySQL/MariaDB and H2, which runs its UPDATE and the
 * SELECT of the new attempt in one short transaction). The claim is therefore committed <em>before</em> the effect
 * runs. Every time comparison uses the database clock ({@link Dialect#now()}); the JVM clock is never used.
 * Use READ COMMITTED (the default of PostgreSQL and H2; MySQL/MariaDB's REPEATABLE READ is also fine because every
 * statement is a single-row conditional UPDATE).
 *
 * <h2>Lost leases</h2>
 * {@link #heartbeat}, {@link #complete}, {@link #fail} and {@link #release} are fenced: their UPDATE has
 * {@code WHERE id = ? AND status = 'RUNNING' AND owner = ? AND attempts = ?}. A row count of 0 means the lease was
 * lost (the row was recovered by {@link #recoverExpired}, and maybe claimed again). This is reported as
 * {@link Outcome#LOST} and logged at WARN; {@link #completeOrThrow} and {@link #heartbeatOrThrow} throw
 * {@link LeaseLostException} instead. It is never reported as success.
 *
 * <p>All methods throw {@link IdemcheckDataAccessException} when the database fails, {@link IllegalArgumentException}
 * for a null, empty or blank owner, and {@link NullPointerException} for other null arguments. Thread-safe.
 *
 * <h2>Retry time</h2>
 * A failed attempt below the ceiling ({@link #fail}, {@link #failBatch}) sets the table's not-before column
 * ({@link TaskTable#notBeforeColumn()}) to the database clock plus {@link TaskTable#retryDelay(int)} of the failed
 * attempt, and every claim ({@link #claim}, {@link #claimBatch}) skips PENDING rows whose not-before is in the future,
 * so a failing task is retried after a backoff instead of at once. {@link #release} and {@link #recoverExpired} do not
 * change it.
 */
public final class TaskClaimer {
    private static final Logger log = LoggerFactory.getLogger(TaskClaimer.class);
    /** Start of the last error written by {@link #recoverExpired(Duration)}. */
    private static final String LEASE_EXPIRED = "lease expired";

    private final DataSource dataSource;
    private final TaskTable table;
    private volatile Dialect dialect;

    /**
     * Creates a claimer whose dialect is detected from the first connection.
     *
     * @param dataSource where to get connections
     * @param table      the task table description
     */
    public TaskClaimer(DataSource dataSource, TaskTable table) {
        this(dataSource, table, null);
    }

    /**
     * @param dataSource where to get connections
     * @param table      the task table description
     * @param dialect    the dialect, or {@code null} to detect it from the first connection
     */
    public TaskClaimer(DataSource dataSource, TaskTable table, Dialect dialect) {
        this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
        this.table = Objects.requireNonNull(table, "table");
        this.dialect = dialect;
    }

    /** @return the task table this claimer works on */
    public TaskTable table() {
        return table;
    }

    /**
     * @return the dialect (detects it from a connection on first use)
     * @throws IdemcheckDataAccessException if no connection can be obtained
     */
    public Dialect dialect() {
        Dialect d = dialect;
        if (d == null) {
            try (Connection c = dataSource.getConnection()) {
                d = Dialect.detect(c);
                dialect = d;
            } catch (SQLException e) {
                throw new IdemcheckDataAccessException("opening a connection to detect the dialect", e);
            }
        }
        return d;
    }

    /**
     * Claims one task: ONE conditional UPDATE, committed before returning:
     * <pre>UPDATE t SET status='RUNNING', owner=?, attempts=attempts+1, gmt_modified=&lt;now&gt;
     * WHERE id=? AND status='PENDING' AND attempts &lt; max_attempts AND (not_before IS NULL OR not_before &lt;= &lt;now&gt;)</pre>
     * (the not-before test only when the table has that column, see {@link TaskTable#notBeforeColumn()}).
     * On PostgreSQL it ends with {@code RETURNING attempts}; on MySQL/MariaDB and H2 the new attempt is read by
     * {@code SELECT attempts ... WHERE id=? AND owner=?} in the same transaction (the row is locked by the update).
     * Exactly one concurrent caller gets row count 1.
     *
     * @param id    the task id, bound with {@code setObject} (use the Java type of the id column)
     * @param owner a name unique per worker (host, process and thread), at most the owner column's length; not
     *              empty or blank (a blank owner cannot tell workers apart, so it would defeat the fence)
     * @return the claim (with the fencing attempt), or empty if the row is not PENDING, does not exist, waits for its
     *         retry time (not-before in the future), is at its
     *         ceiling, or another caller won (row count 0; a serialization failure at REPEATABLE READ counts as lost
     *         race too)
     * @throws IllegalArgumentException     if {@code owner} is null, empty or blank (nothing is claimed)
     * @throws IdemcheckDataAccessException on any other database error
     */
    public Optional<Claim> claim(Object id, String owner) {
        Objects.requireNonNull(id, "id");
        requireOwner(owner);
        Dialect d = dialect();
        try (Connection c = dataSource.getConnection()) {
            Optional<Claim> result;
            if (d.claimReturnsAttempt()) {
                ensureAutoCommit(c);
                try (PreparedStatement ps = c.prepareStatement(d.claimSql(table))) {
                    ps.setString(1, owner);
                    ps.setObject(2, id);
                    try (ResultSet rs = ps.executeQuery()) {
                        result = rs.next() ? Optional.of(new Claim(id, owner, rs.getInt(1))) : Optional.<Claim>empty();
                    }
                } catch (SQLException e) {
                    if (d.isTransientConcurrencyFailure(e)) {
                        return Optional.empty();
                    }
                    throw e;
                }
            } else {
                result = claimInTransaction(c, d, id, owner);
            }
            if (result.isPresent()) {
                CrashPoints.hit(CrashPoints.AFTER_CLAIM);
            }
            return result;
        } catch (SQLException e) {
            throw new IdemcheckDataAccessException("claiming task " + id + " in " + table.table(), e);
        }
    }

    private Optional<Claim> claimInTransaction(Connection c, Dialect d, Object id, String owner) throws SQLException {
        boolean auto = c.getAutoCommit();
        c.setAutoCommit(false);
        try {
            int n;
            try (PreparedStatement ps = c.prepareStatement(d.claimSql(table))) {
                ps.setString(1, owner);
                ps.setObject(2, id);
                n = ps.executeUpdate();
            }
            if (n != 1) {
                c.rollback();
                return Optional.empty();
            }
            int attempt;
            try (PreparedStatement ps = c.prepareStatement(d.claimedAttemptSql(table))) {
                ps.setObject(1, id);
                ps.setString(2, owner);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        throw new IllegalStateException("claimed row " + id + " not visible in its own transaction");
                    }
                    attempt = rs.getInt(1);
                }
            }
            c.commit();
            return Optional.of(new Claim(id, owner, attempt));
        } catch (SQLException | RuntimeException e) {
            rollbackQuietly(c);
            if (e instanceof SQLException && d.isTransientConcurrencyFailure((SQLException) e)) {
                return Optional.empty();
            }
            throw e;
        } finally {
            c.setAutoCommit(auto);
        }
    }

    /**
     * Checks that the task table has every column its {@link TaskTable} names, with one query that reads no row:
     * {@code SELECT id, status, owner, attempts[, max_attempts], gmt_modified[, last_error][, not_before] FROM t WHERE
     * 1 = 0} ({@link Dialect#taskColumnsCheckSql}). {@link TaskWorker#runUntilIdle()} runs it first, so a table
     * created before the not-before column existed fails at once, with the fix in the message, instead of after
     * minutes of backoff on failed claims.
     *
     * @throws IdemcheckDataAccessException if the query fails (a missing table or column, no connection); the message
     *                                      names the columns and what is missing: the table, or each missing column
     *                                      (found by probing the table and then each column alone, {@code SELECT
     *                                      col FROM t WHERE 1 = 0}); only when the not-before column is among the
     *                                      missing ones does it add the {@code ALTER TABLE} that adds it and
     *                                      {@link TaskTable.Builder#noNotBeforeColumn()}
     */
    public void verifyColumns() {
        Dialect d = dialect();
        String sql = d.taskColumnsCheckSql(table);
        String names = sql.substring("SELECT ".length(), sql.indexOf(" FROM "));
        try (Connection c = dataSource.getConnection()) {
            try (Statement st = c.createStatement()) {
                st.executeQuery(sql).close();
            } catch (SQLException e) {
                List<String> missing = TableCheck.missingColumns(c, table.table(), java.util.Arrays.asList(names.split(", ")));
                String what;
                if (missing == null) {
                    what = ": the table does not exist or this user may not read it";
                } else if (!missing.isEmpty()) {
                    what = ": it has no column " + String.join(", no column ", missing);
                } else {
                    what = "";
                }
                String hint = table.notBeforeColumn() == null || missing == null
                        || !missing.contains(table.notBeforeColumn()) ? ""
                        : "; a table created before the retry-time column"
                        + " existed needs it: ALTER TABLE " + table.table() + " ADD COLUMN " + table.notBeforeColumn() + " "
                        + d.timestampType() + " NULL (docs/runtime.md, 'Upgrading an existing task table'), or describe"
                        + " the table with TaskTable.builder(..).noNotBeforeColumn()";
                throw new IdemcheckDataAccessException("task table " + table.table() + " cannot be read with the columns"
                        + " its TaskTable names (" + names + ")" + what + hint, e);
            }
        } catch (SQLException e) {
            throw new IdemcheckDataAccessException("checking the columns of task table " + table.table()
                    + ": no connection", e);
        }
    }

    // ------------------------------------------------------------------ batches

    /**
     * Claims up to {@code limit} claimable rows (PENDING, attempts below the ceiling) for one owner, committed before
     * returning, each claim fenced by owner and attempt exactly like {@link #claim(Object, String)}:
     * <ul>
     * <li>PostgreSQL, one statement (one round trip): {@code UPDATE t SET status='RUNNING', owner=?,
     *     attempts=attempts+1, gmt_modified=<now> WHERE id = ANY(ARRAY(SELECT id FROM t WHERE status='PENDING' AND
     *     attempts < max_attempts LIMIT ? FOR UPDATE SKIP LOCKED)) AND status='PENDING' AND attempts < max_attempts RETURNING id,
     *     attempts} (auto-commit);</li>
     * <li>MySQL 8 / MariaDB 10.6+ and H2 2.x, one transaction (on MySQL/MariaDB preceded by
     *     {@code SET TRANSACTION ISOLATION LEVEL READ COMMITTED}, see {@link Dialect#claimBatchIsolationSql()}):
     *     {@code SELECT id, attempts FROM t WHERE
     *     status='PENDING' AND attempts < max_attempts LIMIT ? FOR UPDATE SKIP LOCKED}, then {@code UPDATE t SET
     *     status='RUNNING', owner=?, attempts=attempts+1, gmt_modified=<now> WHERE id IN (...) AND status='PENDING'
     *     AND attempts < max_attempts}, then {@code COMMIT}; each new attempt is the locked row's attempts + 1.</li>
     * </ul>
     * With a not-before column, "claimable" also means {@code (not_before IS NULL OR not_before <= <now>)} in both
     * the inner SELECT and the UPDATE: a row waiting for its retry time is not claimed.
     * Rows locked by a concurrent claimer are skipped, never waited for, so concurrent callers get disjoint batches.
     * Rows come in no guaranteed order (no {@code ORDER BY}: see {@link Dialect#claimBatchSelectSql}).
     * Hits the crash point {@link CrashPoints#AFTER_CLAIM_BATCH} after the commit when at least one row was claimed.
     *
     * @param owner a name unique per worker thread, at most the owner column's length; not empty or blank
     * @param limit the most rows to claim, at least 1
     * @return the claims, each with the id as read by {@code ResultSet.getObject} (a {@code Long} for BIGINT) and its
     *         fencing attempt; an empty list when no row is claimable right now, or when a deadlock or
     *         serialization failure (SQLState 40001/40P01, MySQL 1213/1205) rolled the claim back (nothing is
     *         claimed then; call again)
     * @throws IllegalArgumentException     if {@code limit < 1}, or {@code owner} is null, empty or blank (nothing is
     *                                      claimed)
     * @throws IdemcheckDataAccessException on any other database error (nothing is claimed: the statement or its
     *                                      transaction is rolled back)
     */
    public List<Claim> claimBatch(String owner, int limit) {
        requireOwner(owner);
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be >= 1: " + limit);
        }
        Dialect d = dialect();
        try (Connection c = dataSource.getConnection()) {
            List<Claim> claims;
            try {
                claims = d.claimBatchInOneStatement() ? claimBatchOneStatement(c, d, owner, limit)
                        : claimBatchInTransaction(c, d, owner, limit);
            } catch (SQLException e) {
                if (d.isTransientConcurrencyFailure(e)) {
                    log.debug("batch claim by {} rolled back by a concurrency failure: {}", owner, e.toString());
                    return Collections.emptyList();
                }
                throw e;
            }
            if (!claims.isEmpty()) {
                CrashPoints.hit(CrashPoints.AFTER_CLAIM_BATCH);
            }
            return claims;
        } catch (SQLException e) {
            throw new IdemcheckDataAccessException("claiming a batch of " + limit + " in " + table.table(), e);
        }
    }

    private List<Claim> claimBatchOneStatement(Connection c, Dialect d, String owner, int limit) throws SQLException {
        ensureAutoCommit(c);
        List<Claim> claims = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(d.claimBatchSql(table))) {
            ps.setString(1, owner);
            ps.setInt(2, limit);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    claims.add(new Claim(rs.getObject(1), owner, rs.getInt(2)));
                }
            }
        }
        return claims;
    }

    private List<Claim> claimBatchInTransaction(Connection c, Dialect d, String owner, int limit) throws SQLException {
        boolean auto = c.getAutoCommit();
        if (!auto) {
            c.rollback(); // SET TRANSACTION applies to the next transaction: make sure none is open
        }
        c.setAutoCommit(false);
        try {
            String isolation = d.claimBatchIsolationSql();
            if (isolation != null) {
                try (Statement st = c.createStatement()) {
                    st.execute(isolation);
                }
            }
            List<Object> ids = new ArrayList<>();
            List<Integer> attempts = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(d.claimBatchSelectSql(table))) {
                ps.setInt(1, limit);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        ids.add(rs.getObject(1));
                        attempts.add(rs.getInt(2));
                    }
                }
            }
            if (ids.isEmpty()) {
                c.commit();
                return Collections.<Claim>emptyList();
            }
            int n;
            try (PreparedStatement ps = c.prepareStatement(d.claimBatchUpdateSql(table, ids.size()))) {
                ps.setString(1, owner);
                for (int i = 0; i < ids.size(); i++) {
                    ps.setObject(i + 2, ids.get(i));
                }
                n = ps.executeUpdate();
            }
            List<Claim> claims = new ArrayList<>(ids.size());
            if (n == ids.size()) {
                for (int i = 0; i < ids.size(); i++) {
                    claims.add(new Claim(ids.get(i), owner, attempts.get(i) + 1));
                }
            } else {
                // the row locks should make this impossible; re-read what this transaction really claimed
                log.warn("batch claim in {} locked {} rows but updated {}; re-reading the claimed rows", table.table(),
                        ids.size(), n);
                try (PreparedStatement ps = c.prepareStatement(d.claimedBatchSql(table, ids.size()))) {
                    ps.setString(1, owner);
                    for (int i = 0; i < ids.size(); i++) {
                        ps.setObject(i + 2, ids.get(i));
                    }
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            claims.add(new Claim(rs.getObject(1), owner, rs.getInt(2)));
                        }
                    }
                }
            }
            c.commit();
            return claims;
        } catch (SQLException | RuntimeException e) {
            rollbackQuietly(c);
            throw e;
        } finally {
            c.setAutoCommit(auto);
        }
    }

    /**
     * Extends the lease of every claim of a batch in one transaction: the fenced {@code UPDATE t SET
     * gmt_modified=<now> WHERE id=? AND status='RUNNING' AND owner=? AND attempts=?} of {@link #heartbeat(Claim)},
     * once per claim as one JDBC batch ({@code executeBatch}), then {@code COMMIT}. On MySQL a 0 row count is
     * confirmed with the fenced {@code SELECT 1}, as for a single heartbeat.
     *
     * @param claims the claims (may come from several owners); empty: nothing runs, no connection is taken
     * @return each claim's outcome in input order: {@link Outcome#OK}, or {@link Outcome#LOST} (row count 0: the
     *         lease was recovered; do not start that claim's effect)
     * @throws IllegalArgumentException     if a claim appears twice
     * @throws IdemcheckDataAccessException on a database error (after up to 3 tries on deadlock/serialization
     *                                      failure); nothing is committed then
     */
    public Map<Claim, Outcome> heartbeatBatch(List<Claim> claims) {
        Map<Claim, Outcome> out = new LinkedHashMap<>();
        List<Claim> list = distinct(claims);
        if (list.isEmpty()) {
            return out;
        }
        Dialect d = dialect();
        int[] counts = runFencedBatch("heartbeat", d.heartbeatSql(table), list, null, d);
        for (int i = 0; i < list.size(); i++) {
            out.put(list.get(i), counts[i] > 1 ? lostIfZero(counts[i], list.get(i), "heartbeat", null)
                    : counts[i] == 1 ? Outcome.OK : null);
        }
        if (out.containsValue(null)) {
            try (Connection c = dataSource.getConnection()) {
                ensureAutoCommit(c);
                for (Map.Entry<Claim, Outcome> e : out.entrySet()) {
                    if (e.getValue() != null) {
                        continue;
                    }
                    int n = 0;
                    if (d.updateCountMayOmitUnchangedRows()) {
                        try (PreparedStatement ps = c.prepareStatement(d.fencedExistsSql(table))) {
                            bindFence(ps, 1, e.getKey());
                            try (ResultSet rs = ps.executeQuery()) {
                                n = rs.next() ? 1 : 0;
                            }
                        }
                    }
                    e.setValue(lostIfZero(n, e.getKey(), "heartbeat", c));
                }
            } catch (SQLException e) {
                throw new IdemcheckDataAccessException("confirming heartbeats in " + table.table(), e);
            }
        }
        return out;
    }

    /**
     * Marks every claim of a batch DONE in one transaction: the fenced {@code UPDATE t SET status='DONE',
     * gmt_modified=<now>, last_error=NULL WHERE id=? AND status='RUNNING' AND owner=? AND attempts=?} of
     * {@link #complete(Claim)}, once per claim as one JDBC batch ({@code executeBatch}), then {@code COMMIT}.
     * Hits {@link CrashPoints#AFTER_COMPLETE} once after the commit when at least one claim was completed.
     *
     * @param claims the claims whose effects are recorded; empty: nothing runs, no connection is taken
     * @return each claim's outcome in input order: {@link Outcome#OK}, or {@link Outcome#LOST} (row count 0: the
     *         lease was taken over; that task is NOT marked done by this call, and a WARN line is logged)
     * @throws IllegalArgumentException     if a claim appears twice
     * @throws IdemcheckDataAccessException on a database error (after up to 3 tries on deadlock/serialization
     *                                      failure); nothing is committed then, the rows stay RUNNING until their
     *                                      lease expires
     */
    public Map<Claim, Outcome> completeBatch(List<Claim> claims) {
        Map<Claim, Outcome> out = new LinkedHashMap<>();
        List<Claim> list = distinct(claims);
        if (list.isEmpty()) {
            return out;
        }
        int[] counts = runFencedBatch("complete", dialect().completeSql(table), list, null, dialect());
        boolean any = false;
        for (int i = 0; i < list.size(); i++) {
            Outcome o = lostIfZero(counts[i], list.get(i), "complete", null);
            any |= o == Outcome.OK;
            out.put(list.get(i), o);
        }
        if (any) {
            CrashPoints.hit(CrashPoints.AFTER_COMPLETE);
        }
        return out;
    }

    /**
     * Records failed attempts for a batch, in one transaction: the fenced {@code UPDATE ... SET status='DEAD' ...
     * WHERE <fence> AND attempts >= max_attempts} of {@link #fail(Claim, Throwable)} for every claim as one JDBC
     * batch, then the fenced {@code UPDATE ... SET status='PENDING', owner=NULL, not_before=<now> + ? ... WHERE <fence>
     * AND attempts < max_attempts} (the retry time, as in {@link #fail}) as a second batch for the claims the first changed 0 rows of, then {@code COMMIT}.
     *
     * @param failures each claim with its failure (the failure may be {@code null}); empty: nothing runs
     * @return each claim's outcome in input order: {@link Outcome#DEAD} (ceiling reached: dead letter),
     *         {@link Outcome#RETRY_PENDING}, or {@link Outcome#LOST} (both updates changed 0 rows)
     * @throws IdemcheckDataAccessException on a database error (after up to 3 tries on deadlock/serialization
     *                                      failure); nothing is committed then
     */
    public Map<Claim, Outcome> failBatch(Map<Claim, ? extends Throwable> failures) {
        Map<Claim, Outcome> out = new LinkedHashMap<>();
        if (failures.isEmpty()) {
            return out;
        }
        List<Claim> list = new ArrayList<>(failures.keySet());
        List<String> messages = new ArrayList<>(list.size());
        for (Claim c : list) {
            messages.add(describe(failures.get(c)));
        }
        Dialect d = dialect();
        SQLException last = null;
        for (int attempt = 1; attempt <= 3; attempt++) {
            try (Connection c = dataSource.getConnection()) {
                boolean auto = c.getAutoCommit();
                c.setAutoCommit(false);
                try {
                    int[] dead = fencedBatch(c, d.failToDeadSql(table), list, messages);
                    List<Claim> rest = new ArrayList<>();
                    List<String> restMessages = new ArrayList<>();
                    for (int i = 0; i < list.size(); i++) {
                        if (dead[i] == 0) {
                            rest.add(list.get(i));
                            restMessages.add(messages.get(i));
                        }
                    }
                    int[] pending = rest.isEmpty() ? new int[0] : failToPendingBatch(c, d, rest, restMessages);
                    c.commit();
                    Map<Claim, Integer> pendingCounts = new LinkedHashMap<>();
                    for (int i = 0; i < rest.size(); i++) {
                        pendingCounts.put(rest.get(i), pending[i]);
                    }
                    for (int i = 0; i < list.size(); i++) {
                        Claim claim = list.get(i);
                        if (dead[i] > 0) {
                            log.warn("task {} is {} after {} attempts (owner {}): {}", claim.id(), table.dead(),
                                    claim.attempt(), claim.owner(), messages.get(i));
                            out.put(claim, lostIfZero(dead[i], claim, "fail", c) == Outcome.OK ? Outcome.DEAD : Outcome.LOST);
                        } else {
                            out.put(claim, lostIfZero(pendingCounts.get(claim), claim, "fail", c) == Outcome.OK
                                    ? Outcome.RETRY_PENDING : Outcome.LOST);
                        }
                    }
                    return out;
                } catch (SQLException | RuntimeException e) {
                    rollbackQuietly(c);
                    throw e;
                } finally {
                    c.setAutoCommit(auto);
                }
            } catch (SQLException e) {
                if (!d.isTransientConcurrencyFailure(e) || attempt == 3) {
                    throw new IdemcheckDataAccessException("recording " + list.size() + " failures in " + table.table(), e);
                }
                last = e;
            }
        }
        throw new IdemcheckDataAccessException("recording failures in " + table.table(), last);
    }

    /**
     * Gives claims back <em>without using up their attempt</em>, in one transaction: the fenced {@code UPDATE t SET
     * status='PENDING', owner=NULL, attempts=attempts-1, gmt_modified=<now>, last_error=? WHERE id=? AND
     * status='RUNNING' AND owner=? AND attempts=?} of {@link #release(Claim, String)} once per claim as one JDBC
     * batch, then {@code COMMIT}. For claims whose effect was not started, or whose effect's outcome is in the
     * ledger anyway (a stop, a ledger answer {@code IN_PROGRESS}, a database or configuration fault that is not the
     * effect's own failure). An effect's own failure is {@link #failBatch}: it uses the attempt, so the retry ceiling
     * holds.
     *
     * @param reasons each claim with why it is given back (written to {@code last_error}, truncated; {@code null}:
     *                "released"); empty: nothing runs, no connection is taken
     * @return each claim's outcome in input order: {@link Outcome#OK} (the row is PENDING again, its attempt count
     *         back to what it was before the claim), or {@link Outcome#LOST} (0 rows: the claim no longer held the row)
     * @throws IdemcheckDataAccessException on a database error (after up to 3 tries on deadlock/serialization
     *                                      failure); nothing is committed then, the rows stay RUNNING until a sweep
     */
    public Map<Claim, Outcome> releaseBatch(Map<Claim, String> reasons) {
        Map<Claim, Outcome> out = new LinkedHashMap<>();
        if (reasons.isEmpty()) {
            return out;
        }
        List<Claim> list = new ArrayList<>(reasons.keySet());
        List<String> messages = new ArrayList<>(list.size());
        for (Claim c : list) {
            Objects.requireNonNull(c, "claim");
            String r = reasons.get(c);
            messages.add(truncate(r == null ? "released" : r));
        }
        Dialect d = dialect();
        int[] counts = runFencedBatch("release", d.releaseSql(table), list, messages, d);
        for (int i = 0; i < list.size(); i++) {
            out.put(list.get(i), lostIfZero(counts[i], list.get(i), "release", null));
        }
        return out;
    }

    /**
     * Gives one claim back without using up its attempt, committed (auto-commit): {@code UPDATE t SET
     * status='PENDING', owner=NULL, attempts=attempts-1, gmt_modified=<now>, last_error=? WHERE id=? AND
     * status='RUNNING' AND owner=? AND attempts=?}. The next claim of the row gets the same attempt number again.
     * Use it only when the effect did not start (or its outcome is in the ledger); an effect's own failure is
     * {@link #fail(Claim, Throwable)}, which uses the attempt so a poison task still ends DEAD.
     *
     * @param claim  the claim
     * @param reason why (written to {@code last_error}, truncated; {@code null}: "released")
     * @return {@link Outcome#OK}, or {@link Outcome#LOST} (0 rows: the claim no longer held the row)
     * @throws IdemcheckDataAccessException on a database error (the row stays RUNNING until a sweep)
     */
    public Outcome release(Claim claim, String reason) {
        Objects.requireNonNull(claim, "claim");
        String message = truncate(reason == null ? "released" : reason);
        try (Connection c = dataSource.getConnection()) {
            ensureAutoCommit(c);
            return lostIfZero(fencedUpdate(c, dialect().releaseSql(table), message, claim), claim, "release", c);
        } catch (SQLException e) {
            throw new IdemcheckDataAccessException("releasing " + claim + " in " + table.table(), e);
        }
    }

    /** One fenced statement per claim as a JDBC batch in its own transaction, retried on deadlock. */
    private int[] runFencedBatch(String op, String sql, List<Claim> claims, List<String> messages, Dialect d) {
        SQLException last = null;
        for (int attempt = 1; attempt <= 3; attempt++) {
            try (Connection c = dataSource.getConnection()) {
                boolean auto = c.getAutoCommit();
                c.setAutoCommit(false);
                try {
                    int[] counts = fencedBatch(c, sql, claims, messages);
                    c.commit();
                    return counts;
                } catch (SQLException | RuntimeException e) {
                    rollbackQuietly(c);
                    throw e;
                } finally {
                    c.setAutoCommit(auto);
                }
            } catch (SQLException e) {
                if (!d.isTransientConcurrencyFailure(e) || attempt == 3) {
                    throw new IdemcheckDataAccessException(op + " of " + claims.size() + " claims in " + table.table(), e);
                }
                last = e;
            }
        }
        throw new IdemcheckDataAccessException(op + " of " + claims.size() + " claims in " + table.table(), last);
    }

    /**
     * Executes the fenced statement for each claim as one JDBC batch on the caller's transaction. Per-row update
     * counts are required to tell a lost lease apart: a driver answering {@link Statement#SUCCESS_NO_INFO} makes this
     * throw {@link IllegalStateException}, and the caller rolls the transaction back.
     */
    private int[] fencedBatch(Connection c, String sql, List<Claim> claims, List<String> messages) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < claims.size(); i++) {
                bindBatchRow(ps, claims.get(i), messages == null ? null : messages.get(i));
                ps.addBatch();
            }
            return checkedCounts(ps.executeBatch(), claims.size());
        }
    }

    private static int[] checkedCounts(int[] counts, int size) {
        if (counts.length != size) {
            throw new IllegalStateException("driver returned " + counts.length + " counts for a batch of " + size);
        }
        for (int n : counts) {
            if (n < 0) {
                throw new IllegalStateException("the JDBC driver returned no per-row update count (" + n
                        + ") for a fenced batch update; lost leases could not be told apart");
            }
        }
        return counts;
    }

    private int[] failToPendingBatch(Connection c, Dialect d, List<Claim> claims, List<String> messages)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(d.failToPendingSql(table))) {
            for (int i = 0; i < claims.size(); i++) {
                bindFailToPending(ps, d, claims.get(i), messages.get(i));
                ps.addBatch();
            }
            return checkedCounts(ps.executeBatch(), claims.size());
        }
    }

    private void bindBatchRow(PreparedStatement ps, Claim claim, String message) throws SQLException {
        int i = 1;
        if (message != null && table.lastErrorColumn() != null) {
            ps.setString(i++, message);
        }
        bindFence(ps, i, claim);
    }

    private static List<Claim> distinct(List<Claim> claims) {
        Objects.requireNonNull(claims, "claims");
        List<Claim> list = new ArrayList<>(claims.size());
        java.util.Set<Claim> seen = new java.util.HashSet<>();
        for (Claim c : claims) {
            Objects.requireNonNull(c, "claim");
            if (!seen.add(c)) {
                throw new IllegalArgumentException("claim listed twice: " + c);
            }
            list.add(c);
        }
        return list;
    }

    /**
     * Extends the lease: {@code UPDATE t SET gmt_modified=<now> WHERE id=? AND status='RUNNING' AND owner=? AND
     * attempts=?}. Call it well within the lease passed to {@link #recoverExpired} (e.g. every lease/3). On MySQL,
     * a 0 row count is confirmed with a fenced {@code SELECT 1} because a driver with {@code useAffectedRows=true}
     * reports 0 for an unchanged timestamp.
     *
     * @param claim the claim
     * @return {@link Outcome#OK}, or {@link Outcome#LOST} when the row is no longer held by this claim
     * @throws IdemcheckDataAccessException on a database error
     */
    public Outcome heartbeat(Claim claim) {
        Objects.requireNonNull(claim, "claim");
        Dialect d = dialect();
        try (Connection c = dataSource.getConnection()) {
            ensureAutoCommit(c);
            int n = fencedUpdate(c, d.heartbeatSql(table), null, claim);
            if (n == 0 && d.updateCountMayOmitUnchangedRows()) {
                try (PreparedStatement ps = c.prepareStatement(d.fencedExistsSql(table))) {
                    bindFence(ps, 1, claim);
                    try (ResultSet rs = ps.executeQuery()) {
                        n = rs.next() ? 1 : 0;
                    }
                }
            }
            return lostIfZero(n, claim, "heartbeat", c);
        } catch (SQLException e) {
            throw new IdemcheckDataAccessException("heartbeat of " + claim + " in " + table.table(), e);
        }
    }

    /**
     * {@link #heartbeat(Claim)} that throws when the lease is lost.
     *
     * @param claim the claim
     * @throws LeaseLostException           when the fenced update changed 0 rows
     * @throws IdemcheckDataAccessException on a database error
     */
    public void heartbeatOrThrow(Claim claim) {
        if (heartbeat(claim) == Outcome.LOST) {
            throw new LeaseLostException(claim, "heartbeat");
        }
    }

    /**
     * Marks the task DONE, fenced and committed:
     * {@code UPDATE t SET status='DONE', gmt_modified=<now>, last_error=NULL WHERE id=? AND status='RUNNING' AND
     * owner=? AND attempts=?}.
     *
     * @param claim the claim
     * @return {@link Outcome#OK}, or {@link Outcome#LOST} (row count 0: the lease was taken over; the task is NOT
     *         marked done by this call)
     * @throws IdemcheckDataAccessException on a database error
     */
    public Outcome complete(Claim claim) {
        Objects.requireNonNull(claim, "claim");
        try (Connection c = dataSource.getConnection()) {
            ensureAutoCommit(c);
            Outcome o = lostIfZero(fencedUpdate(c, dialect().completeSql(table), null, claim), claim, "complete", c);
            if (o == Outcome.OK) {
                CrashPoints.hit(CrashPoints.AFTER_COMPLETE);
            }
            return o;
        } catch (SQLException e) {
            throw new IdemcheckDataAccessException("completing " + claim + " in " + table.table(), e);
        }
    }

    /**
     * The same fenced UPDATE as {@link #complete(Claim)}, executed on the caller's connection and NOT committed:
     * use it inside {@link IdempotencyLedger#runOnceInTransaction} so the effect, the ledger row and the task
     * completion commit together. If it returns {@link Outcome#LOST}, throw from the effect to roll everything back.
     *
     * @param connection the caller's connection (its transaction is left open)
     * @param claim      the claim
     * @return {@link Outcome#OK} or {@link Outcome#LOST}
     * @throws IdemcheckDataAccessException on a database error
     */
    public Outcome complete(Connection connection, Claim claim) {
        Objects.requireNonNull(connection, "connection");
        Objects.requireNonNull(claim, "claim");
        try {
            return lostIfZero(fencedUpdate(connection, dialect().completeSql(table), null, claim), claim, "complete",
                    connection);
        } catch (SQLException e) {
            throw new IdemcheckDataAccessException("completing " + claim + " in " + table.table(), e);
        }
    }

    /**
     * {@link #complete(Claim)} that throws when the lease is lost.
     *
     * @param claim the claim
     * @throws LeaseLostException           when the fenced update changed 0 rows
     * @throws IdemcheckDataAccessException on a database error
     */
    public void completeOrThrow(Claim claim) {
        if (complete(claim) == Outcome.LOST) {
            throw new LeaseLostException(claim, "complete");
        }
    }

    /**
     * Records a failed attempt. Runs, in auto-commit:
     * <pre>UPDATE t SET status='DEAD', gmt_modified=&lt;now&gt;, last_error=? WHERE &lt;fence&gt; AND attempts &gt;= max_attempts
     * -- if 0 rows:
     * UPDATE t SET status='PENDING', owner=NULL, gmt_modified=&lt;now&gt;, last_error=?, not_before=&lt;now&gt; + ?
     *   WHERE &lt;fence&gt; AND attempts &lt; max_attempts</pre>
     * The retry delay is {@link TaskTable#retryDelay(int) table.retryDelay(claim.attempt())} (bound in milliseconds,
     * microseconds on MySQL); no claim takes the row before then. The last error is {@code ClassName: message} on one
     * line (line breaks and other control characters become spaces), cut to {@link TaskTable#lastErrorMaxLength()}.
     *
     * @param claim the claim
     * @param error the failure (may be {@code null})
     * @return {@link Outcome#RETRY_PENDING}, {@link Outcome#DEAD} (ceiling reached: dead-letter), or
     *         {@link Outcome#LOST} (both updates changed 0 rows)
     * @throws IdemcheckDataAccessException on a database error
     */
    public Outcome fail(Claim claim, Throwable error) {
        Objects.requireNonNull(claim, "claim");
        String message = describe(error);
        Dialect d = dialect();
        try (Connection c = dataSource.getConnection()) {
            ensureAutoCommit(c);
            if (fencedUpdate(c, d.failToDeadSql(table), message, claim) == 1) {
                log.warn("task {} is {} after {} attempts (owner {}): {}", claim.id(), table.dead(), claim.attempt(),
                        claim.owner(), message);
                return Outcome.DEAD;
            }
            if (failToPending(c, d, message, claim) == 1) {
                return Outcome.RETRY_PENDING;
            }
            return lostIfZero(0, claim, "fail", c);
        } catch (SQLException e) {
            throw new IdemcheckDataAccessException("recording failure of " + claim + " in " + table.table(), e);
        }
    }

    /** Rows one sweep transaction locks and recovers at most; the sweep repeats until a chunk comes back short. */
    static final int SWEEP_CHUNK = 500;

    /**
     * Stale-lease recovery (the sweep). Runs, in chunks of up to 500 rows, each in one short transaction (on
     * MySQL/MariaDB at READ COMMITTED, set by {@link Dialect#claimBatchIsolationSql()}):
     * <pre>SELECT id FROM t WHERE status='RUNNING' AND gmt_modified &lt; &lt;now&gt; - lease LIMIT 500 FOR UPDATE SKIP LOCKED
     * UPDATE t SET status='DEAD', gmt_modified=&lt;now&gt;, last_error='lease expired...'
     *   WHERE status='RUNNING' AND gmt_modified &lt; &lt;now&gt; - lease AND attempts &gt;= max_attempts AND id IN (...)
     * UPDATE t SET status='PENDING', owner=NULL, gmt_modified=&lt;now&gt;, last_error='lease expired...'
     *   WHERE status='RUNNING' AND gmt_modified &lt; &lt;now&gt; - lease AND attempts &lt; max_attempts AND id IN (...)</pre>
     * Both comparisons use the database clock. DEAD rows are never touched. A worker whose row was recovered gets
     * {@link Outcome#LOST} from its next fenced call, so a sweep racing a heartbeat never produces two owners.
     *
     * <p>The sweep never waits for a row lock: a RUNNING row that another transaction holds (a worker frozen by
     * SIGSTOP or a long GC inside its heartbeat or complete, an operator's open {@code UPDATE}) is skipped by
     * {@code SKIP LOCKED} and left for the next sweep, expired or not. Without it, InnoDB (at REPEATABLE READ and
     * READ COMMITTED alike) waited for every locked RUNNING row the sweep's range scan met, even one inside its
     * lease, until {@code innodb_lock_wait_timeout} (50 s), and PostgreSQL waited for a locked expired row as long as
     * the lock was held. Needs {@code SKIP LOCKED}: PostgreSQL 9.5+, MySQL 8, MariaDB 10.6+, H2 2.x.
     *
     * @param lease how long a RUNNING row may go without a heartbeat; not negative ({@link Duration#ZERO} recovers
     *              every RUNNING row whose timestamp is in the past; only for tests and single-worker restarts)
     * @return how many rows went to PENDING and to DEAD (0 and 0: no expired row that no other transaction holds)
     * @throws IllegalArgumentException     if the lease is negative
     * @throws NullPointerException         if the lease is null
     * @throws IdemcheckDataAccessException on a database error; chunks committed before it stay recovered
     */
    public RecoveryCounts recoverExpired(Duration lease) {
        Objects.requireNonNull(lease, "lease");
        if (lease.isNegative()) {
            throw new IllegalArgumentException("lease must not be negative: " + lease);
        }
        Dialect d = dialect();
        String reason = LEASE_EXPIRED + " (" + lease + "); recovered by recoverExpired";
        int dead = 0;
        int pending = 0;
        try (Connection c = dataSource.getConnection()) {
            boolean auto = c.getAutoCommit();
            if (!auto) {
                c.rollback(); // SET TRANSACTION applies to the next transaction: make sure none is open
            }
            c.setAutoCommit(false);
            try {
                while (true) {
                    String isolation = d.claimBatchIsolationSql();
                    if (isolation != null) {
                        try (Statement st = c.createStatement()) {
                            st.execute(isolation);
                        }
                    }
                    List<Object> ids = new ArrayList<>();
                    try (PreparedStatement ps = c.prepareStatement(d.recoverCandidatesSql(table))) {
                        ps.setLong(1, d.leaseParameter(lease));
                        ps.setInt(2, SWEEP_CHUNK);
                        try (ResultSet rs = ps.executeQuery()) {
                            while (rs.next()) {
                                ids.add(rs.getObject(1));
                            }
                        }
                    }
                    int changed = 0;
                    if (!ids.isEmpty()) {
                        int n = sweep(c, d.recoverToDeadSql(table, ids.size()), reason, d.leaseParameter(lease), ids);
                        int m = sweep(c, d.recoverToPendingSql(table, ids.size()), reason, d.leaseParameter(lease), ids);
                        dead += n;
                        pending += m;
                        changed = n + m;
                    }
                    c.commit();
                    if (ids.size() < SWEEP_CHUNK || changed == 0) {
                        break;  // the last chunk; or rows neither update takes (a NULL max_attempts): no endless loop
                    }
                }
            } catch (SQLException | RuntimeException e) {
                rollbackQuietly(c);
                throw e;
            } finally {
                c.setAutoCommit(auto);
            }
        } catch (SQLException e) {
            throw new IdemcheckDataAccessException("recovering expired leases in " + table.table()
                    + (dead + pending > 0 ? " (" + pending + " rows to " + table.pending() + " and " + dead + " to " + table.dead() + " committed before"
                    + " the error)" : ""), e);
        } finally {
            if (dead + pending > 0) {
                log.warn("recovered {} expired {} rows in {}: {} to {}, {} to {}", dead + pending, table.running(),
                        table.table(), pending, table.pending(), dead, table.dead());
            }
        }
        return new RecoveryCounts(pending, dead);
    }

    private int sweep(Connection c, String sql, String reason, long leaseParam, List<Object> ids) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            int i = 1;
            if (table.lastErrorColumn() != null) {
                ps.setString(i++, truncate(reason));
            }
            ps.setLong(i++, leaseParam);
            for (Object id : ids) {
                ps.setObject(i++, id);
            }
            return ps.executeUpdate();
        }
    }

    /** The fenced fail-to-PENDING update, with the retry time {@code now + table.retryDelay(attempt)}. */
    private int failToPending(Connection c, Dialect d, String lastError, Claim claim) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(d.failToPendingSql(table))) {
            bindFailToPending(ps, d, claim, lastError);
            return ps.executeUpdate();
        }
    }

    private void bindFailToPending(PreparedStatement ps, Dialect d, Claim claim, String lastError) throws SQLException {
        int i = 1;
        if (table.lastErrorColumn() != null) {
            ps.setString(i++, lastError);
        }
        if (table.notBeforeColumn() != null) {
            ps.setLong(i++, d.delayParameter(table.retryDelay(claim.attempt())));
        }
        bindFence(ps, i, claim);
    }

    private int fencedUpdate(Connection c, String sql, String lastError, Claim claim) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            int i = 1;
            if (lastError != null && table.lastErrorColumn() != null) {
                ps.setString(i++, lastError);
            }
            bindFence(ps, i, claim);
            return ps.executeUpdate();
        }
    }

    private static void bindFence(PreparedStatement ps, int i, Claim claim) throws SQLException {
        ps.setObject(i, claim.id());
        ps.setString(i + 1, claim.owner());
        ps.setInt(i + 2, claim.attempt());
    }

    /**
     * @param n          the fenced statement's row count for this claim
     * @param claim      the claim
     * @param op         what the statement did, for the log line
     * @param connection an open connection to read the row with if {@code n == 0} (so a pool of one connection
     *                   is never asked for a second), or {@code null} to take one from the data source
     * @return OK for 1, LOST for 0 (logged at WARN with what the row shows really happened)
     * @throws IllegalStateException if more than one row changed (the id column is not unique)
     */
    private Outcome lostIfZero(int n, Claim claim, String op, Connection connection) {
        if (n == 1) {
            return Outcome.OK;
        }
        if (n > 1) {
            throw new IllegalStateException(op + " of " + claim + " changed " + n + " rows: the id column of "
                    + table.table() + " is not unique");
        }
        log.warn("{} of {} changed 0 rows in {}: {}", op, claim, table.table(), explainLoss(claim, connection));
        return Outcome.LOST;
    }

    /**
     * Why a fenced statement found no row: reads {@code SELECT status, owner, attempts[, last_error] FROM t WHERE
     * id = ?} and says what it shows (completed twice, released, recovered by a sweep, re-claimed by another
     * owner...). Never throws: a failed read is reported in the text.
     */
    private String explainLoss(Claim claim, Connection connection) {
        try {
            if (connection != null) {
                return explainLossFrom(connection, claim);
            }
            try (Connection c = dataSource.getConnection()) {
                return explainLossFrom(c, claim);
            }
        } catch (SQLException | RuntimeException e) {
            return "the claim no longer holds the row (reading the row to say why failed: " + e + ")";
        }
    }

    private String explainLossFrom(Connection c, Claim claim) throws SQLException {
        String status;
        String owner;
        int attempts;
        String lastError = null;
        try (PreparedStatement ps = c.prepareStatement(dialect().rowStateSql(table))) {
            ps.setObject(1, claim.id());
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return "the row no longer exists";
                }
                status = rs.getString(1);
                owner = rs.getString(2);
                attempts = rs.getInt(3);
                if (table.lastErrorColumn() != null) {
                    lastError = rs.getString(4);
                }
            }
        }
        boolean sameClaim = claim.owner().equals(owner) && attempts == claim.attempt();
        if (table.done().equals(status)) {
            return sameClaim ? "nothing changed: the task is already " + table.done() + " under this same claim (completed before; a"
                    + " second complete or fail of one claim is a no-op)"
                    : "lease lost: the task was completed by " + owner + " on attempt " + attempts;
        }
        if (table.dead().equals(status)) {
            return sameClaim ? "nothing changed: the task is already " + table.dead() + " under this same claim (its failure was"
                    + " recorded at the retry ceiling)"
                    : "lease lost: the task is " + table.dead() + " (attempt " + attempts + ", owner " + owner + ")";
        }
        if (table.running().equals(status)) {
            return "lease lost: the row was recovered and claimed again by " + owner + " (attempt " + attempts + ")";
        }
        if (table.pending().equals(status)) {
            if (attempts == claim.attempt() - 1) {
                return "nothing changed: this claim was already released (the row is " + table.pending() + ", its attempt given back)";
            }
            if (attempts == claim.attempt() && lastError != null && lastError.startsWith(LEASE_EXPIRED)) {
                return "lease lost: the row is " + table.pending() + " again, recovered by a sweep after its lease expired";
            }
            if (attempts == claim.attempt() && lastError != null) {
                return "nothing changed: the row is " + table.pending() + " again with this claim's attempt; its failure was already"
                        + " recorded (" + lastError + ")";
            }
            return "lease lost: the row is " + table.pending() + " again (attempt " + attempts + "): recovered by a sweep after its"
                    + " lease expired, or its failure already recorded";
        }
        return "the row is " + status + " (owner " + owner + ", attempt " + attempts + ")";
    }

    private String describe(Throwable error) {
        String s = error == null ? "failed" : error.getClass().getName() + ": " + error.getMessage();
        return truncate(s);
    }

    /**
     * The text written to {@code last_error}: one line (every run of line breaks, tabs and other control characters
     * becomes one space, so a multi-line message or a stack trace pasted into one stays readable in a query result),
     * trimmed, at most {@link TaskTable#lastErrorMaxLength()} characters (cut ones end in {@code ...}).
     */
    private String truncate(String s) {
        return singleLine(s, table.lastErrorMaxLength());
    }

    /**
     * @param s   any text
     * @param max the most characters, at least 1
     * @return {@code s} on one line (control characters, line breaks included, collapsed into single spaces),
     *         trimmed, cut to {@code max} characters with a trailing {@code ...} when it was longer
     */
    static String singleLine(String s, int max) {
        StringBuilder b = new StringBuilder(Math.min(s.length(), max + 16));
        boolean space = false;
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (Character.isISOControl(ch) || ch == '\u2028' || ch == '\u2029') {
                space = b.length() > 0;
                continue;
            }
            if (space) {
                b.append(' ');
                space = false;
            }
            b.append(ch);
            if (b.length() > max) {
                break;
            }
        }
        String out = b.toString().trim();
        if (out.length() <= max) {
            return out;
        }
        return max <= 3 ? out.substring(0, max) : out.substring(0, max - 3) + "...";
    }

    /**
     * @param owner an owner name
     * @throws IllegalArgumentException if null, empty or only whitespace
     */
    static void requireOwner(String owner) {
        if (owner == null) {
            throw new IllegalArgumentException("owner must not be null (name the worker: host, process and thread)");
        }
        if (owner.trim().isEmpty()) {
            throw new IllegalArgumentException("owner must not be empty or blank: '" + owner + "'");
        }
    }

    private static void ensureAutoCommit(Connection c) throws SQLException {
        if (!c.getAutoCommit()) {
            c.setAutoCommit(true);
        }
    }

    static void rollbackQuietly(Connection c) {
        try {
            c.rollback();
        } catch (SQLException ignored) {
            // the original failure is more useful
        }
    }
}
