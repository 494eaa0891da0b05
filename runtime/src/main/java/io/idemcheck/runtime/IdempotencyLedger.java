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
 * A ledger of idempotency keys: the key is recorded <em>before</em> the effect and the outcome <em>after</em> it, so
 * a second call with the same key returns the stored outcome instead of repeating the effect.
 *
 * <h2>Two ways to use it</h2>
 * <ul>
 * <li><b>Effects outside the database</b> (HTTP, mail, files): {@link #runOnce(String, String, Object, Effect)}, or
 *     the manual pair {@link #begin} / {@link #markDone}. The STARTED row is committed before the effect; a crash
 *     between the effect and {@code markDone} leaves the key STARTED; once its lease expires it is <em>in doubt</em>
 *     and handled by the {@link RecoveryMode}. The effect receives the key: pass it downstream so a key-aware
 *     downstream closes that window.</li>
 * <li><b>Effects inside the same database</b>: {@link #runOnceInTransaction}; the ledger row, the effect and the DONE
 *     record commit in one transaction (a crash rolls back all of them, so there is no in-doubt state).</li>
 * </ul>
 *
 * <h2>SQL (see {@link Dialect})</h2>
 * <ol>
 * <li>insert-if-absent of a STARTED row: PostgreSQL {@code INSERT ... ON CONFLICT (idem_key) DO NOTHING};
 *     MySQL/MariaDB {@code INSERT ... ON DUPLICATE KEY UPDATE dup_hits = dup_hits + 1} (1 = inserted, 2 = existed);
 *     H2 {@code MERGE INTO ... USING ... WHEN NOT MATCHED THEN INSERT}. No unique violation is ever provoked on
 *     PostgreSQL.</li>
 * <li>if the key existed: {@code SELECT request_fp, status, result, attempts, task_id, <updated_at older than lease>
 *     FROM ledger WHERE idem_key = ?}: other fingerprint &rarr; {@link IdempotencyConflictException}; DONE &rarr;
 *     replay; STARTED within the lease &rarr; in progress; STARTED past the lease &rarr; recovery mode
 *     (take-over: {@code UPDATE ... SET attempts = attempts + 1 WHERE idem_key = ? AND status = 'STARTED' AND
 *     attempts = ? AND updated_at < now - lease}, 1 row = this caller won).</li>
 * <li>after the effect: {@code UPDATE ... SET status = 'DONE', result = ? WHERE idem_key = ? AND status = 'STARTED'}.</li>
 * <li>if the effect throws: {@code DELETE ... WHERE idem_key = ? AND status = 'STARTED' AND attempts = ?} (the effect
 *     is treated as not applied, so a later retry runs it again with the same key).</li>
 * </ol>
 * The lease is compared on the database clock.
 *
 * <h2>Link to tasks</h2>
 * The optional {@code taskId} argument is stored as {@code String.valueOf(taskId)} in {@code task_id}; the
 * {@link Reconciler} joins it with the task table's id column cast to text.
 *
 * <p>All methods throw {@link IdemcheckDataAccessException} for database errors, {@link NullPointerException} for
 * null keys/fingerprints/effects and {@link IllegalArgumentException} for keys or fingerprints longer than 255
 * characters. Thread-safe.
 */
public final class IdempotencyLedger {
    private static final Logger log = LoggerFactory.getLogger(IdempotencyLedger.class);
    private static final int MAX_LOOPS = 5;

    private final DataSource dataSource;
    private final LedgerTable table;
    private final Duration lease;
    private final RecoveryMode recoveryMode;
    private volatile Dialect dialect;

    private IdempotencyLedger(Builder b) {
        this.dataSource = b.dataSource;
        this.table = b.table;
        this.lease = b.lease;
        this.recoveryMode = b.recoveryMode;
        this.dialect = b.dialect;
    }

    /**
     * @param dataSource where to get connections
     * @return a builder with table {@code idem_ledger}, lease 5 minutes and {@link RecoveryMode#HOLD_IN_DOUBT}
     */
    public static Builder builder(DataSource dataSource) {
        return new Builder(dataSource);
    }

    /** @return the ledger table */
    public LedgerTable table() {
        return table;
    }

    /** @return the lease after which a STARTED key counts as in doubt */
    public Duration lease() {
        return lease;
    }

    /** @return the recovery mode for in-doubt keys */
    public RecoveryMode recoveryMode() {
        return recoveryMode;
    }

    /**
     * @return the dialect (detected from a connection on first use)
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
     * Checks that the ledger table has every column the ledger uses, with one query that reads no row: {@code SELECT
     * idem_key, request_fp, status, result, task_id, attempts, dup_hits, created_at, updated_at FROM l WHERE 1 = 0}.
     * On failure it probes the table and then each column alone to say which is missing.
     * {@link TaskWorker#runUntilIdle()} runs it before the first claim, so a missing ledger table fails the job at
     * once instead of after minutes of backoff with one ERROR per batch.
     *
     * @throws IdemcheckDataAccessException if the query fails: the message names the table and what is missing (the
     *                                      table, or each missing column), or says no connection could be had
     */
    public void verifyTable() {
        String names = "idem_key, request_fp, status, result, task_id, attempts, dup_hits, created_at, updated_at";
        String sql = "SELECT " + names + " FROM " + table.table() + " WHERE 1 = 0";
        try (Connection c = dataSource.getConnection()) {
            try (java.sql.Statement st = c.createStatement()) {
                st.executeQuery(sql).close();
            } catch (SQLException e) {
                java.util.List<String> missing = TableCheck.missingColumns(c, table.table(),
                        java.util.Arrays.asList(names.split(", ")));
                String what = missing == null ? ": the table does not exist or this user may not read it (create it"
                        + " from ddl/<dialect>/idempotency_ledger.sql)"
                        : missing.isEmpty() ? "" : ": it has no column " + String.join(", no column ", missing);
                throw new IdemcheckDataAccessException("ledger table " + table.table() + " cannot be read with the"
                        + " columns the ledger uses (" + names + ")" + what, e);
            }
        } catch (SQLException e) {
            throw new IdemcheckDataAccessException("checking ledger table " + table.table() + ": no connection", e);
        }
    }

    /**
     * {@link #runOnce(String, String, Object, Effect)} without a task link.
     *
     * @param key                the idempotency key (see {@link IdempotencyKeys})
     * @param requestFingerprint what the request does (see {@link IdempotencyKeys#fingerprint})
     * @param effect             the effect, receiving the key
     * @return what happened
     */
    public RunResult runOnce(String key, String requestFingerprint, Effect effect) {
        return runOnce(key, requestFingerprint, null, effect);
    }

    /**
     * Runs an effect outside the database at most once per key (exactly once when the downstream deduplicates on the
     * key): {@link #begin} (committed), the effect, {@link #markDone}. See the class comment for the SQL.
     *
     * @param key                the idempotency key
     * @param requestFingerprint the request fingerprint
     * @param taskId             the task this effect belongs to, or {@code null}
     * @param effect             the effect, receiving the key
     * @return {@code EXECUTED}/{@code RETRIED} (ran and recorded), {@code REPLAYED} (recorded before, not run),
     *         {@code IN_PROGRESS} or {@code IN_DOUBT} (not run)
     * @throws IdempotencyConflictException if the key was used with a different fingerprint
     * @throws EffectFailedException        wrapping a checked exception of the effect (unchecked ones are rethrown
     *                                      as is); the STARTED row is deleted first
     * @throws IdemcheckDataAccessException on a database error; if it happens after the effect, the key stays STARTED
     *                                      and becomes in doubt after the lease (never reported as done)
     */
    public RunResult runOnce(String key, String requestFingerprint, Object taskId, Effect effect) {
        Objects.requireNonNull(effect, "effect");
        BeginResult b = begin(key, requestFingerprint, taskId);
        switch (b.state()) {
            case ALREADY_DONE:
                return new RunResult(RunResult.State.REPLAYED, key, b.result());
            case IN_PROGRESS:
                return new RunResult(RunResult.State.IN_PROGRESS, key, null);
            case IN_DOUBT:
                return new RunResult(RunResult.State.IN_DOUBT, key, null);
            default:
                break;
        }
        CrashPoints.hit(CrashPoints.AFTER_LEDGER_BEGIN);
        String result;
        try {
            result = effect.apply(key);
        } catch (Exception e) {
            releaseAfterFailure(key, b.attempt(), e);
            if (e instanceof RuntimeException) {
                throw (RuntimeException) e;
            }
            throw new EffectFailedException(key, e);
        }
        CrashPoints.hit(CrashPoints.AFTER_EFFECT_BEFORE_RECORD);
        if (markDone(key, result)) {
            CrashPoints.hit(CrashPoints.AFTER_RECORD_COMMIT);
            return new RunResult(b.state() == BeginResult.State.REACQUIRED ? RunResult.State.RETRIED
                    : RunResult.State.EXECUTED, key, result);
        }
        Optional<LedgerRecord> now = lookup(key);
        if (now.isPresent() && now.get().isDone()) {
            log.warn("idempotency key {} was recorded DONE by another caller while this one ran the effect again"
                    + " (same key sent downstream); returning the first recorded outcome", key);
            return new RunResult(RunResult.State.REPLAYED, key, now.get().result());
        }
        throw new IllegalStateException("idempotency key '" + key + "': the effect ran but its STARTED ledger row is"
                + " gone (released concurrently?); outcome NOT recorded: " + now.orElse(null));
    }

    private void releaseAfterFailure(String key, int attempt, Exception cause) {
        try {
            int n = update(dialect().ledgerReleaseSql(table), key, attempt);
            if (n == 0) {
                log.warn("effect for key {} failed and its STARTED row (attempt {}) was already taken over", key, attempt);
            }
        } catch (RuntimeException e) {
            cause.addSuppressed(e);
            log.warn("effect for key {} failed and releasing its STARTED row failed too; it will be in doubt after"
                    + " the lease", key, e);
        }
    }

    private int update(String sql, String key, int attempt) {
        try (Connection c = dataSource.getConnection()) {
            ensureAutoCommit(c);
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                ps.setString(1, key);
                ps.setInt(2, attempt);
                return ps.executeUpdate();
            }
        } catch (SQLException e) {
            throw new IdemcheckDataAccessException("updating ledger row " + key + " in " + table.table(), e);
        }
    }

    /**
     * Runs a database-local effect and records it in ONE transaction: insert-if-absent of the ledger row, the effect
     * (on the same connection), {@code UPDATE ... SET status='DONE'}, commit. A crash or an exception before the
     * commit rolls all of it back. A concurrent caller with the same key waits for this transaction on the key's
     * unique index and then sees the DONE row (REPLAYED). Deadlocks and serialization failures while acquiring the
     * key (before the effect) are retried up to 3 times.
     *
     * @param key                the idempotency key
     * @param requestFingerprint the request fingerprint
     * @param taskId             the task this effect belongs to, or {@code null}
     * @param effect             the effect, receiving the connection and the key
     * @return EXECUTED/RETRIED (committed together with the effect), REPLAYED, IN_PROGRESS or IN_DOUBT (a STARTED
     *         row written by {@link #begin} is in doubt)
     * @throws IdempotencyConflictException if the key was used with a different fingerprint
     * @throws EffectFailedException        wrapping a checked exception from the effect (everything rolled back)
     * @throws IdemcheckDataAccessException on a database error (everything rolled back)
     */
    public RunResult runOnceInTransaction(String key, String requestFingerprint, Object taskId,
                                          TransactionalEffect effect) {
        Objects.requireNonNull(effect, "effect");
        checkKey(key, requestFingerprint);
        Dialect d = dialect();
        try (Connection c = dataSource.getConnection()) {
            boolean auto = c.getAutoCommit();
            c.setAutoCommit(false);
            try {
                BeginResult b = null;
                for (int i = 0; b == null; i++) {
                    try {
                        b = acquire(c, d, key, requestFingerprint, taskId);
                    } catch (SQLException e) {
                        c.rollback();
                        if (i >= 2 || !d.isTransientConcurrencyFailure(e)) {
                            throw e;
                        }
                    }
                }
                if (!b.mustRunEffect()) {
                    c.commit();
                    switch (b.state()) {
                        case ALREADY_DONE:
                            return new RunResult(RunResult.State.REPLAYED, key, b.result());
                        case IN_PROGRESS:
                            return new RunResult(RunResult.State.IN_PROGRESS, key, null);
                        default:
                            return new RunResult(RunResult.State.IN_DOUBT, key, null);
                    }
                }
                CrashPoints.hit(CrashPoints.AFTER_LEDGER_BEGIN);
                String result;
                try {
                    result = effect.apply(c, key);
                } catch (Exception e) {
                    TaskClaimer.rollbackQuietly(c);
                    if (e instanceof RuntimeException) {
                        throw (RuntimeException) e;
                    }
                    throw new EffectFailedException(key, e);
                }
                CrashPoints.hit(CrashPoints.AFTER_EFFECT_BEFORE_RECORD);
                int n;
                try (PreparedStatement ps = c.prepareStatement(d.ledgerMarkDoneSql(table))) {
                    ps.setString(1, result);
                    ps.setString(2, key);
                    n = ps.executeUpdate();
                }
                if (n != 1) {
                    c.rollback();
                    throw new IllegalStateException("idempotency key '" + key + "': marking DONE changed " + n
                            + " rows inside the acquiring transaction; rolled back");
                }
                CrashPoints.hit(CrashPoints.AFTER_RECORD_BEFORE_COMMIT);
                c.commit();
                CrashPoints.hit(CrashPoints.AFTER_RECORD_COMMIT);
                return new RunResult(b.state() == BeginResult.State.REACQUIRED ? RunResult.State.RETRIED
                        : RunResult.State.EXECUTED, key, result);
            } catch (SQLException | RuntimeException e) {
                TaskClaimer.rollbackQuietly(c);
                throw e;
            } finally {
                try {
                    c.setAutoCommit(auto);
                } catch (SQLException ignored) {
                    // connection is closed next anyway
                }
            }
        } catch (SQLException e) {
            throw new IdemcheckDataAccessException("running effect for key " + key + " in " + table.table(), e);
        }
    }

    /**
     * {@link #begin(String, String, Object)} without a task link.
     *
     * @param key                the key
     * @param requestFingerprint the fingerprint
     * @return what the caller must do
     */
    public BeginResult begin(String key, String requestFingerprint) {
        return begin(key, requestFingerprint, null);
    }

    /**
     * Records the key before an effect outside the database (auto-commit, so the STARTED row is durable before the
     * effect runs). If {@link BeginResult#mustRunEffect()}, run the effect with the key and call
     * {@link #markDone(String, String)}; if the effect definitely did not happen, call {@link #release(String)}.
     *
     * @param key                the key, at most 255 characters
     * @param requestFingerprint the fingerprint, at most 255 characters
     * @param taskId             the linked task, or {@code null}
     * @return ACQUIRED / REACQUIRED (run the effect), ALREADY_DONE (with the stored result), IN_PROGRESS, IN_DOUBT
     * @throws IdempotencyConflictException if the key exists with another fingerprint
     * @throws IdemcheckDataAccessException on a database error (the effect must then not run)
     */
    public BeginResult begin(String key, String requestFingerprint, Object taskId) {
        checkKey(key, requestFingerprint);
        Dialect d = dialect();
        try (Connection c = dataSource.getConnection()) {
            ensureAutoCommit(c);
            return acquire(c, d, key, requestFingerprint, taskId);
        } catch (SQLException e) {
            throw new IdemcheckDataAccessException("recording idempotency key " + key + " in " + table.table(), e);
        }
    }

    private BeginResult acquire(Connection c, Dialect d, String key, String fp, Object taskId) throws SQLException {
        String tid = taskId == null ? null : String.valueOf(taskId);
        for (int loop = 0; loop < MAX_LOOPS; loop++) {
            boolean inserted;
            try (PreparedStatement ps = c.prepareStatement(d.ledgerInsertIfAbsentSql(table))) {
                ps.setString(1, key);
                ps.setString(2, fp);
                ps.setString(3, tid);
                inserted = d.ledgerInserted(ps.executeUpdate());
            } catch (SQLException e) {
                // Only H2 can get here (a concurrent uncommitted insert of the same key); H2 and InnoDB roll back
                // just the failed statement. PostgreSQL never raises it (ON CONFLICT DO NOTHING).
                if (d == Dialect.POSTGRESQL || !d.isUniqueViolation(e)) {
                    throw e;
                }
                inserted = false;
            }
            if (inserted) {
                return new BeginResult(BeginResult.State.ACQUIRED, key, null, 1);
            }
            LedgerRecord r = select(c, d, key);
            if (r == null) {
                continue; // released between our insert attempt and the select: try again
            }
            if (!r.requestFingerprint().equals(fp)) {
                throw new IdempotencyConflictException(key, r.requestFingerprint(), fp);
            }
            if (r.isDone()) {
                return new BeginResult(BeginResult.State.ALREADY_DONE, key, r.result(), r.attempts());
            }
            if (!r.leaseExpired()) {
                return new BeginResult(BeginResult.State.IN_PROGRESS, key, null, r.attempts());
            }
            if (recoveryMode == RecoveryMode.HOLD_IN_DOUBT) {
                log.warn("idempotency key {} is in doubt (STARTED, lease {} expired, attempt {}); held for"
                        + " reconciliation", key, lease, r.attempts());
                return new BeginResult(BeginResult.State.IN_DOUBT, key, null, r.attempts());
            }
            try (PreparedStatement ps = c.prepareStatement(d.ledgerTakeOverSql(table))) {
                ps.setString(1, key);
                ps.setInt(2, r.attempts());
                ps.setLong(3, d.leaseParameter(lease));
                if (ps.executeUpdate() == 1) {
                    log.warn("idempotency key {} was in doubt; retrying the effect with the same key (attempt {})",
                            key, r.attempts() + 1);
                    return new BeginResult(BeginResult.State.REACQUIRED, key, null, r.attempts() + 1);
                }
            }
            // someone else took it over first: loop to read its state
        }
        return new BeginResult(BeginResult.State.IN_PROGRESS, key, null, 0);
    }

    private LedgerRecord select(Connection c, Dialect d, String key) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(d.ledgerSelectSql(table))) {
            ps.setLong(1, d.leaseParameter(lease));
            ps.setString(2, key);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                return new LedgerRecord(key, rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(5),
                        rs.getInt(4), rs.getInt(6) == 1);
            }
        }
    }

    /**
     * Records the outcome of an effect started with {@link #begin}:
     * {@code UPDATE ledger SET status='DONE', result=?, updated_at=<now> WHERE idem_key=? AND status='STARTED'}
     * (auto-commit).
     *
     * @param key    the key
     * @param result the outcome to replay to later callers (may be {@code null})
     * @return true if this call recorded it; false if the row was not STARTED (0 rows: already DONE by another
     *         caller, whose outcome stays recorded)
     * @throws IllegalStateException        if the key has no ledger row at all (never begun, or released)
     * @throws IdemcheckDataAccessException on a database error (the outcome is then NOT recorded)
     */
    public boolean markDone(String key, String result) {
        Objects.requireNonNull(key, "key");
        Dialect d = dialect();
        try (Connection c = dataSource.getConnection()) {
            ensureAutoCommit(c);
            int n;
            try (PreparedStatement ps = c.prepareStatement(d.ledgerMarkDoneSql(table))) {
                ps.setString(1, result);
                ps.setString(2, key);
                n = ps.executeUpdate();
            }
            if (n == 1) {
                return true;
            }
            if (select(c, d, key) == null) {
                throw new IllegalStateException("markDone: idempotency key '" + key + "' has no ledger row");
            }
            return false;
        } catch (SQLException e) {
            throw new IdemcheckDataAccessException("marking idempotency key " + key + " DONE in " + table.table(), e);
        }
    }

    /**
     * Deletes a STARTED key whose effect definitely did not happen, so a retry can run it:
     * {@code DELETE FROM ledger WHERE idem_key=? AND status='STARTED'}. DONE rows are never deleted.
     *
     * @param key the key
     * @return true if a STARTED row was deleted
     * @throws IdemcheckDataAccessException on a database error
     */
    public boolean release(String key) {
        Objects.requireNonNull(key, "key");
        try (Connection c = dataSource.getConnection()) {
            ensureAutoCommit(c);
            try (PreparedStatement ps = c.prepareStatement(dialect().ledgerReleaseAnySql(table))) {
                ps.setString(1, key);
                return ps.executeUpdate() == 1;
            }
        } catch (SQLException e) {
            throw new IdemcheckDataAccessException("releasing idempotency key " + key + " in " + table.table(), e);
        }
    }

    /**
     * Reads one ledger row ({@code SELECT ... FROM ledger WHERE idem_key = ?}).
     *
     * @param key the key
     * @return the row, or empty
     * @throws IdemcheckDataAccessException on a database error
     */
    public Optional<LedgerRecord> lookup(String key) {
        Objects.requireNonNull(key, "key");
        Dialect d = dialect();
        try (Connection c = dataSource.getConnection()) {
            return Optional.ofNullable(select(c, d, key));
        } catch (SQLException e) {
            throw new IdemcheckDataAccessException("reading idempotency key " + key + " from " + table.table(), e);
        }
    }

    private static void checkKey(String key, String fp) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(fp, "requestFingerprint");
        if (key.isEmpty() || key.length() > IdempotencyKeys.MAX_KEY_LENGTH) {
            throw new IllegalArgumentException("key must be 1.." + IdempotencyKeys.MAX_KEY_LENGTH + " characters");
        }
        if (fp.length() > 255) {
            throw new IllegalArgumentException("requestFingerprint must be at most 255 characters");
        }
    }

    private static void ensureAutoCommit(Connection c) throws SQLException {
        if (!c.getAutoCommit()) {
            c.setAutoCommit(true);
        }
    }

    /** Builder for {@link IdempotencyLedger}. */
    public static final class Builder {
        private final DataSource dataSource;
        private LedgerTable table = LedgerTable.defaults();
        private Duration lease = Duration.ofMinutes(5);
        private RecoveryMode recoveryMode = RecoveryMode.HOLD_IN_DOUBT;
        private Dialect dialect;

        private Builder(DataSource dataSource) {
            this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
        }

        /**
         * @param t the ledger table (default {@code idem_ledger})
         * @return this
         */
        public Builder table(LedgerTable t) {
            this.table = Objects.requireNonNull(t, "table");
            return this;
        }

        /**
         * @param name the ledger table name
         * @return this
         * @throws IllegalArgumentException if invalid
         */
        public Builder table(String name) {
            return table(LedgerTable.named(name));
        }

        /**
         * How long a STARTED key is "in progress" before it counts as in doubt. Must exceed the longest effect.
         *
         * @param lease positive duration (default 5 minutes)
         * @return this
         */
        public Builder lease(Duration lease) {
            Objects.requireNonNull(lease, "lease");
            if (lease.isNegative()) {
                throw new IllegalArgumentException("lease must not be negative");
            }
            this.lease = lease;
            return this;
        }

        /**
         * @param mode what to do with in-doubt keys (default {@link RecoveryMode#HOLD_IN_DOUBT})
         * @return this
         */
        public Builder recoveryMode(RecoveryMode mode) {
            this.recoveryMode = Objects.requireNonNull(mode, "mode");
            return this;
        }

        /**
         * @param d the dialect, or {@code null} to detect it (default)
         * @return this
         */
        public Builder dialect(Dialect d) {
            this.dialect = d;
            return this;
        }

        /** @return the ledger */
        public IdempotencyLedger build() {
            return new IdempotencyLedger(this);
        }
    }
}
