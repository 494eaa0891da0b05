package io.idemcheck.runtime;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Claims rows of the user's task table with a lease, fenced by owner and attempt.
 *
 * <h2>Life cycle of a row</h2>
 * <pre>
 *   PENDING --claim--> RUNNING --complete--> DONE
 *                        |  \--fail / recoverExpired (attempts &lt; max)--> PENDING
 *                        \----fail / recoverExpired (attempts &gt;= max)--> DEAD  (kept, counted, never deleted)
 * </pre>
 * The attempt counter is incremented by the claim, so a worker that crashes after claiming still uses up an attempt:
 * a task that kills its JVM every time ends DEAD after max attempts instead of being revived forever.
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
 * {@link #heartbeat}, {@link #complete} and {@link #fail} are fenced: their UPDATE has
 * {@code WHERE id = ? AND status = 'RUNNING' AND owner = ? AND attempts = ?}. A row count of 0 means the lease was
 * lost (the row was recovered by {@link #recoverExpired}, and maybe claimed again). This is reported as
 * {@link Outcome#LOST} and logged at WARN; {@link #completeOrThrow} and {@link #heartbeatOrThrow} throw
 * {@link LeaseLostException} instead. It is never reported as success.
 *
 * <p>All methods throw {@link IdemcheckDataAccessException} when the database fails, and {@link NullPointerException}
 * for null arguments. Thread-safe.
 */
public final class TaskClaimer {
    private static final Logger log = LoggerFactory.getLogger(TaskClaimer.class);

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
     * WHERE id=? AND status='PENDING' AND attempts &lt; max_attempts</pre>
     * On PostgreSQL it ends with {@code RETURNING attempts}; on MySQL/MariaDB and H2 the new attempt is read by
     * {@code SELECT attempts ... WHERE id=? AND owner=?} in the same transaction (the row is locked by the update).
     * Exactly one concurrent caller gets row count 1.
     *
     * @param id    the task id, bound with {@code setObject} (use the Java type of the id column)
     * @param owner a name unique per worker (host, process and thread), at most the owner column's length
     * @return the claim (with the fencing attempt), or empty if the row is not PENDING, does not exist, is at its
     *         ceiling, or another caller won (row count 0; a serialization failure at REPEATABLE READ counts as lost
     *         race too)
     * @throws IdemcheckDataAccessException on any other database error
     */
    public Optional<Claim> claim(Object id, String owner) {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(owner, "owner");
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
            return lostIfZero(n, claim, "heartbeat");
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
            Outcome o = lostIfZero(fencedUpdate(c, dialect().completeSql(table), null, claim), claim, "complete");
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
            return lostIfZero(fencedUpdate(connection, dialect().completeSql(table), null, claim), claim, "complete");
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
     * UPDATE t SET status='PENDING', owner=NULL, gmt_modified=&lt;now&gt;, last_error=? WHERE &lt;fence&gt; AND attempts &lt; max_attempts</pre>
     * The last error is {@code ClassName: message}, truncated to {@link TaskTable#lastErrorMaxLength()}.
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
                log.warn("task {} is DEAD after {} attempts (owner {}): {}", claim.id(), claim.attempt(), claim.owner(), message);
                return Outcome.DEAD;
            }
            if (fencedUpdate(c, d.failToPendingSql(table), message, claim) == 1) {
                return Outcome.RETRY_PENDING;
            }
            return lostIfZero(0, claim, "fail");
        } catch (SQLException e) {
            throw new IdemcheckDataAccessException("recording failure of " + claim + " in " + table.table(), e);
        }
    }

    /**
     * Stale-lease recovery (the sweep). Runs, in auto-commit:
     * <pre>UPDATE t SET status='DEAD', gmt_modified=&lt;now&gt;, last_error='lease expired...'
     *   WHERE status='RUNNING' AND gmt_modified &lt; &lt;now&gt; - lease AND attempts &gt;= max_attempts
     * UPDATE t SET status='PENDING', owner=NULL, gmt_modified=&lt;now&gt;, last_error='lease expired...'
     *   WHERE status='RUNNING' AND gmt_modified &lt; &lt;now&gt; - lease AND attempts &lt; max_attempts</pre>
     * Both comparisons use the database clock. DEAD rows are never touched. A worker whose row was recovered gets
     * {@link Outcome#LOST} from its next fenced call, so a sweep racing a heartbeat never produces two owners.
     *
     * @param lease how long a RUNNING row may go without a heartbeat; not negative ({@link Duration#ZERO} recovers
     *              every RUNNING row whose timestamp is in the past; only for tests and single-worker restarts)
     * @return how many rows went to PENDING and to DEAD
     * @throws IllegalArgumentException     if the lease is negative
     * @throws IdemcheckDataAccessException on a database error
     */
    public RecoveryCounts recoverExpired(Duration lease) {
        Objects.requireNonNull(lease, "lease");
        if (lease.isNegative()) {
            throw new IllegalArgumentException("lease must not be negative: " + lease);
        }
        Dialect d = dialect();
        String reason = "lease expired (" + lease + "); recovered by recoverExpired";
        try (Connection c = dataSource.getConnection()) {
            ensureAutoCommit(c);
            int dead = sweep(c, d.recoverToDeadSql(table), reason, d.leaseParameter(lease));
            int pending = sweep(c, d.recoverToPendingSql(table), reason, d.leaseParameter(lease));
            if (dead + pending > 0) {
                log.warn("recovered {} expired RUNNING rows in {}: {} to PENDING, {} to DEAD", dead + pending,
                        table.table(), pending, dead);
            }
            return new RecoveryCounts(pending, dead);
        } catch (SQLException e) {
            throw new IdemcheckDataAccessException("recovering expired leases in " + table.table(), e);
        }
    }

    private int sweep(Connection c, String sql, String reason, long leaseParam) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            int i = 1;
            if (table.lastErrorColumn() != null) {
                ps.setString(i++, truncate(reason));
            }
            ps.setLong(i, leaseParam);
            return ps.executeUpdate();
        }
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

    private Outcome lostIfZero(int n, Claim claim, String op) {
        if (n == 1) {
            return Outcome.OK;
        }
        if (n > 1) {
            throw new IllegalStateException(op + " of " + claim + " changed " + n + " rows: the id column of "
                    + table.table() + " is not unique");
        }
        log.warn("lease lost: {} of {} changed 0 rows in {} (recovered or claimed by another owner)", op, claim,
                table.table());
        return Outcome.LOST;
    }

    private String describe(Throwable error) {
        String s = error == null ? "failed" : error.getClass().getName() + ": " + error.getMessage();
        return truncate(s);
    }

    private String truncate(String s) {
        int max = table.lastErrorMaxLength();
        return s.length() <= max ? s : s.substring(0, max);
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
