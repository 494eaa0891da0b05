package io.idemcheck.runtime;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Locale;

/**
 * Owns every SQL statement the runtime executes, per database. Chosen from
 * {@link DatabaseMetaData#getDatabaseProductName()} by {@link #detect(Connection)}, or set explicitly.
 *
 * <p>Three dialects exist:
 * <ul>
 * <li>{@link #POSTGRESQL}: clock {@code clock_timestamp()} on {@code timestamptz} columns; ledger insert
 *     {@code INSERT ... ON CONFLICT (idem_key) DO NOTHING} (1 = inserted, 0 = exists). A unique violation aborts the
 *     whole transaction on PostgreSQL, so the runtime never provokes one. Claim uses {@code UPDATE ... RETURNING}; a batch claim is one
 *     {@code UPDATE ... WHERE id = ANY(ARRAY(SELECT ... LIMIT ? FOR UPDATE SKIP LOCKED)) RETURNING id, attempts}
 *     (the ARRAY subquery runs once; {@code IN (subquery)} can be re-run by a semi-join and over-claim).</li>
 * <li>{@link #MYSQL} (MySQL 8 and MariaDB 10.5+; batch claims and the sweep ({@code recoverExpired}) need MySQL 8 / MariaDB 10.6+ for {@code SKIP LOCKED}): clock {@code UTC_TIMESTAMP(3)} on {@code DATETIME(3)} columns holding
 *     UTC; ledger insert {@code INSERT ... ON DUPLICATE KEY UPDATE dup_hits = dup_hits + 1}, whose row count is 1 for
 *     an insert and 2 for a duplicate whatever the driver's found-rows setting (the counter always changes the row).
 *     No {@code VALUES()} function and no row alias, so the same text runs on MySQL 8.0.20+ and MariaDB. Duplicate
 *     keys are recognised by vendor code 1062 (SQLState 23000 alone also covers NOT NULL and FK errors).</li>
 * <li>{@link #H2} (2.x): clock {@code CURRENT_TIMESTAMP} on {@code TIMESTAMP WITH TIME ZONE}; ledger insert
 *     {@code MERGE INTO ... USING (SELECT ...) ... WHEN NOT MATCHED THEN INSERT} (1 = inserted, 0 = exists).</li>
 * </ul>
 * Lease arithmetic ("now minus lease") is always done in SQL on the database clock, with the lease bound as a number
 * of milliseconds (microseconds on MySQL). Duplicate and serialization failures are classified by SQLState and vendor
 * code only, never by parsing messages.
 *
 * <p>The SQL-building methods are public so the statements can be inspected and documented; they take validated
 * {@link TaskTable}/{@link LedgerTable} descriptions, so no caller-supplied text reaches the SQL.
 */
public abstract class Dialect {

    /** PostgreSQL (9.5+). */
    public static final Dialect POSTGRESQL = new Postgres();
    /** MySQL 8 and MariaDB (same SQL). */
    public static final Dialect MYSQL = new MySql();
    /** H2 2.x. */
    public static final Dialect H2 = new H2Dialect();

    /** Ledger state written before the effect. */
    public static final String LEDGER_STARTED = "STARTED";
    /** Ledger state written with the outcome. */
    public static final String LEDGER_DONE = "DONE";

    Dialect() {
    }

    /**
     * Picks the dialect from the product name: "PostgreSQL", "MySQL", "MariaDB" or "H2" (case-insensitive prefix).
     *
     * @param productName {@link DatabaseMetaData#getDatabaseProductName()}
     * @return the dialect
     * @throws IllegalArgumentException for any other database
     */
    public static Dialect forProductName(String productName) {
        String p = productName == null ? "" : productName.toLowerCase(Locale.ROOT);
        if (p.startsWith("postgresql")) {
            return POSTGRESQL;
        }
        if (p.startsWith("mysql") || p.startsWith("mariadb")) {
            return MYSQL;
        }
        if (p.startsWith("h2")) {
            return H2;
        }
        throw new IllegalArgumentException("unsupported database product '" + productName
                + "'; supported: PostgreSQL, MySQL, MariaDB, H2");
    }

    /**
     * @param connection an open connection (not closed by this method)
     * @return the dialect for the connection's database
     * @throws IdemcheckDataAccessException if the metadata cannot be read
     * @throws IllegalArgumentException     for an unsupported database
     */
    public static Dialect detect(Connection connection) {
        try {
            return forProductName(connection.getMetaData().getDatabaseProductName());
        } catch (SQLException e) {
            throw new IdemcheckDataAccessException("reading DatabaseMetaData to choose the SQL dialect", e);
        }
    }

    /** @return "postgresql", "mysql" or "h2" (also the DDL resource folder name) */
    public abstract String name();

    /** @return SQL expression for the database's current time */
    public abstract String now();

    /** @return SQL expression "now minus the lease", containing exactly one {@code ?} bound by {@link #leaseParameter} */
    public abstract String nowMinusLease();

    /**
     * @param lease the lease, not negative
     * @return the value to bind to the {@code ?} of {@link #nowMinusLease()}
     */
    public abstract long leaseParameter(Duration lease);

    /**
     * @return SQL expression "now plus a delay", containing exactly one {@code ?} bound by {@link #delayParameter}
     *         (the same arithmetic as {@link #nowMinusLease()} with the sign turned round)
     */
    public String nowPlusDelay() {
        return nowMinusLease();
    }

    /**
     * @param delay the delay, not negative
     * @return the value to bind to the {@code ?} of {@link #nowPlusDelay()} (milliseconds; microseconds on MySQL)
     */
    public long delayParameter(Duration delay) {
        return -leaseParameter(delay);
    }

    /**
     * @param expression a column expression
     * @return the expression cast to a string type comparable with the ledger's {@code task_id} column
     */
    public abstract String castToText(String expression);

    /**
     * Duplicate-key classification by code only: SQLState 23505 on PostgreSQL/H2, vendor code 1062 on MySQL/MariaDB.
     * The exception chain ({@code getNextException}, {@code getCause}) is searched.
     *
     * @param e a driver exception
     * @return true if it reports a unique/primary key violation
     */
    public abstract boolean isUniqueViolation(SQLException e);

    /**
     * @param e a driver exception
     * @return true for serialization failures and deadlocks (SQLState 40001/40P01, MySQL 1213/1205, H2 40001)
     *         that are safe to retry when no effect has run yet
     */
    public boolean isTransientConcurrencyFailure(SQLException e) {
        for (Throwable t = e; t != null; t = next(t)) {
            if (t instanceof SQLException) {
                SQLException s = (SQLException) t;
                String st = s.getSQLState();
                if ("40001".equals(st) || "40P01".equals(st) || s.getErrorCode() == 1213 || s.getErrorCode() == 1205
                        || "HYT00".equals(st)) {
                    return true;
                }
            }
        }
        return false;
    }

    static Throwable next(Throwable t) {
        if (t instanceof SQLException) {
            SQLException n = ((SQLException) t).getNextException();
            if (n != null && n != t) {
                return n;
            }
        }
        Throwable c = t.getCause();
        return c == t ? null : c;
    }

    static boolean hasSqlState(SQLException e, String state) {
        for (Throwable t = e; t != null; t = next(t)) {
            if (t instanceof SQLException && state.equals(((SQLException) t).getSQLState())) {
                return true;
            }
        }
        return false;
    }

    /** @return true if the claim statement returns the new attempt via {@code RETURNING} (one round trip) */
    public boolean claimReturnsAttempt() {
        return false;
    }

    /**
     * @return true if an UPDATE that matched a row may report 0 when no value changed (MySQL with
     *         {@code useAffectedRows=true}); heartbeat then confirms with {@link #fencedExistsSql}
     */
    public boolean updateCountMayOmitUnchangedRows() {
        return false;
    }

    // ------------------------------------------------------------------ task SQL

    private String fence(TaskTable t) {
        return t.idColumn() + " = ? AND " + statusOfRowById(t, t.running()) + " AND " + t.ownerColumn()
                + " = ? AND " + t.attemptsColumn() + " = ?";
    }

    /**
     * The status test of a statement that addresses rows by id ({@code id = ?} or {@code id IN (...)}): plain
     * {@code status = 'X'} here. MySQL/MariaDB override it with {@code CONCAT(status, '') = 'X'}, which no index can
     * serve: MariaDB 10.11 otherwise ran {@code UPDATE ... WHERE id = ? AND status = 'RUNNING' ...} as a range scan
     * of the {@code (status, gmt_modified)} index (EXPLAIN: key status_idx), which takes and waits for the locks of
     * every RUNNING row of other workers, instead of the primary key lookup.
     *
     * @param t     the task table
     * @param state the state value (validated)
     * @return SQL condition
     */
    protected String statusOfRowById(TaskTable t, String state) {
        return t.statusColumn() + " = '" + state + "'";
    }

    /**
     * Claim: {@code UPDATE t SET status='RUNNING', owner=?, attempts=attempts+1, modified=now WHERE id=? AND
     * status='PENDING' AND attempts < max_attempts} (PostgreSQL appends {@code RETURNING attempts}).
     * Parameters: owner, id.
     *
     * @param t the task table
     * @return SQL
     */
    public String claimSql(TaskTable t) {
        return "UPDATE " + t.table() + " SET " + t.statusColumn() + " = '" + t.running() + "', " + t.ownerColumn()
                + " = ?, " + t.attemptsColumn() + " = " + t.attemptsColumn() + " + 1, " + t.modifiedColumn() + " = "
                + now() + " WHERE " + t.idColumn() + " = ? AND " + statusOfRowById(t, t.pending()) + " AND "
                + t.attemptsColumn() + " < " + t.maxAttemptsExpression() + notBeforePassed(t)
                + (claimReturnsAttempt() ? " RETURNING " + t.attemptsColumn() : "");
    }

    /**
     * The retry-time test every claim adds when the table has a not-before column:
     * {@code " AND (not_before IS NULL OR not_before <= <now>)"}; empty without that column.
     *
     * @param t the task table
     * @return SQL fragment (empty or starting with {@code " AND "})
     */
    public String notBeforePassed(TaskTable t) {
        String nb = t.notBeforeColumn();
        return nb == null ? "" : " AND (" + nb + " IS NULL OR " + nb + " <= " + now() + ")";
    }

    /**
     * @return true if {@link #claimBatchSql} claims a batch in ONE statement that returns the claimed ids and attempts
     *         (PostgreSQL); false if the batch is claimed by {@link #claimBatchSelectSql} then
     *         {@link #claimBatchUpdateSql} in one transaction (MySQL/MariaDB, H2)
     */
    public boolean claimBatchInOneStatement() {
        return false;
    }

    final String claimableWhere(TaskTable t) {
        return t.statusColumn() + " = '" + t.pending() + "' AND " + t.attemptsColumn() + " < " + t.maxAttemptsExpression()
                + notBeforePassed(t);
    }

    private static String claimSet(TaskTable t, String now) {
        return " SET " + t.statusColumn() + " = '" + t.running() + "', " + t.ownerColumn() + " = ?, "
                + t.attemptsColumn() + " = " + t.attemptsColumn() + " + 1, " + t.modifiedColumn() + " = " + now;
    }

    /**
     * Batch claim in one statement (PostgreSQL only, see {@link #claimBatchInOneStatement()}):
     * <pre>UPDATE t SET status='RUNNING', owner=?, attempts=attempts+1, modified=now
     * WHERE id = ANY(ARRAY(SELECT id FROM t WHERE status='PENDING' AND attempts &lt; max_attempts LIMIT ? FOR UPDATE SKIP LOCKED))
     *   AND status='PENDING' AND attempts &lt; max_attempts
     * RETURNING id, attempts</pre>
     * Parameters: owner, limit. Rows locked by a concurrent claimer are skipped, not waited for.
     *
     * @param t the task table
     * @return SQL
     * @throws UnsupportedOperationException on a dialect that claims batches in two statements
     */
    public String claimBatchSql(TaskTable t) {
        throw new UnsupportedOperationException(name() + " claims a batch with SELECT ... FOR UPDATE SKIP LOCKED + UPDATE");
    }

    /**
     * A statement run at the start of a two-statement batch claim to set the isolation of that one transaction, or
     * {@code null} for none. MySQL/MariaDB: {@code SET TRANSACTION ISOLATION LEVEL READ COMMITTED} (applies to the
     * next transaction only). At InnoDB's default REPEATABLE READ the locking {@code SELECT} keeps next-key locks on
     * every index entry it scans (measured on MariaDB 10.11: 1,500 locks for a batch of 100, among them the gap
     * before the first PENDING entry), which blocked every concurrent {@code complete} whose new DONE index entry
     * falls into that gap; at READ COMMITTED non-matching rows are unlocked and no gap is locked.
     *
     * @return SQL or {@code null}
     */
    public String claimBatchIsolationSql() {
        return null;
    }

    /**
     * First statement of a two-statement batch claim (MySQL 8 / MariaDB 10.6+, H2 2.x), run in the claim's
     * transaction: {@code SELECT id, attempts FROM t WHERE status='PENDING' AND attempts < max_attempts LIMIT ? FOR
     * UPDATE SKIP LOCKED}. Parameter: limit. There is deliberately no {@code ORDER BY}: on H2 a sorted
     * {@code SKIP LOCKED} query limits before it skips (a concurrent claimer gets nothing), and on InnoDB a sort that
     * no index provides locks every matching row. Rows come in the order of the access path the database picks.
     *
     * @param t the task table
     * @return SQL
     */
    public String claimBatchSelectSql(TaskTable t) {
        return "SELECT " + t.idColumn() + ", " + t.attemptsColumn() + " FROM " + t.table() + " WHERE "
                + claimableWhere(t) + " LIMIT ? FOR UPDATE SKIP LOCKED";
    }

    /**
     * Second statement of a two-statement batch claim, on the rows {@link #claimBatchSelectSql} locked:
     * {@code UPDATE t SET status='RUNNING', owner=?, attempts=attempts+1, modified=now WHERE id IN (?, ..., ?) AND
     * status='PENDING' AND attempts < max_attempts}. Parameters: owner, then the {@code n} ids.
     *
     * @param t the task table
     * @param n how many ids (at least 1)
     * @return SQL
     */
    public String claimBatchUpdateSql(TaskTable t, int n) {
        if (n < 1) {
            throw new IllegalArgumentException("n must be >= 1: " + n);
        }
        StringBuilder in = new StringBuilder("?");
        for (int i = 1; i < n; i++) {
            in.append(", ?");
        }
        return "UPDATE " + t.table() + claimSet(t, now()) + " WHERE " + t.idColumn() + " IN (" + in + ") AND "
                + statusOfRowById(t, t.pending()) + " AND " + t.attemptsColumn() + " < " + t.maxAttemptsExpression()
                + notBeforePassed(t);
    }

    /**
     * Re-reads the rows a batch claim changed, in its transaction, when the update count of
     * {@link #claimBatchUpdateSql} differs from the number of locked rows (which the locks should prevent):
     * {@code SELECT id, attempts FROM t WHERE owner=? AND status='RUNNING' AND id IN (?, ..., ?)}.
     * Parameters: owner, then the {@code n} ids.
     *
     * @param t the task table
     * @param n how many ids (at least 1)
     * @return SQL
     */
    public String claimedBatchSql(TaskTable t, int n) {
        StringBuilder in = new StringBuilder("?");
        for (int i = 1; i < n; i++) {
            in.append(", ?");
        }
        return "SELECT " + t.idColumn() + ", " + t.attemptsColumn() + " FROM " + t.table() + " WHERE "
                + t.ownerColumn() + " = ? AND " + statusOfRowById(t, t.running()) + " AND " + t.idColumn()
                + " IN (" + in + ")";
    }

    /**
     * Reads the attempt after a claim, in the claim's transaction. Parameters: id, owner.
     *
     * @param t the task table
     * @return SQL
     */
    public String claimedAttemptSql(TaskTable t) {
        return "SELECT " + t.attemptsColumn() + " FROM " + t.table() + " WHERE " + t.idColumn() + " = ? AND "
                + t.ownerColumn() + " = ? AND " + statusOfRowById(t, t.running());
    }

    /**
     * Reads no row but names every column the task table description uses, so a missing one fails here with the
     * database's own "unknown column" error: {@code SELECT id, status, owner, attempts[, max_attempts], modified[,
     * last_error][, not_before] FROM t WHERE 1 = 0}. No parameters.
     *
     * @param t the task table
     * @return SQL
     */
    public String taskColumnsCheckSql(TaskTable t) {
        return "SELECT " + t.idColumn() + ", " + t.statusColumn() + ", " + t.ownerColumn() + ", " + t.attemptsColumn()
                + (t.maxAttemptsColumn() != null ? ", " + t.maxAttemptsColumn() : "") + ", " + t.modifiedColumn()
                + (t.lastErrorColumn() != null ? ", " + t.lastErrorColumn() : "")
                + (t.notBeforeColumn() != null ? ", " + t.notBeforeColumn() : "") + " FROM " + t.table()
                + " WHERE 1 = 0";
    }

    /**
     * @return the column type of a timestamp like the modified column, as the shipped DDL declares it (for the
     *         upgrade hint of a missing not-before column)
     */
    public String timestampType() {
        return "TIMESTAMP WITH TIME ZONE";
    }

    /**
     * Heartbeat: {@code UPDATE t SET modified=now WHERE id=? AND status='RUNNING' AND owner=? AND attempts=?}.
     *
     * @param t the task table
     * @return SQL
     */
    public String heartbeatSql(TaskTable t) {
        return "UPDATE " + t.table() + " SET " + t.modifiedColumn() + " = " + now() + " WHERE " + fence(t);
    }

    /**
     * Reads where a row is, to explain a fenced statement that changed 0 rows:
     * {@code SELECT status, owner, attempts[, last_error] FROM t WHERE id = ?}. Parameter: id.
     *
     * @param t the task table
     * @return SQL
     */
    public String rowStateSql(TaskTable t) {
        return "SELECT " + t.statusColumn() + ", " + t.ownerColumn() + ", " + t.attemptsColumn()
                + (t.lastErrorColumn() != null ? ", " + t.lastErrorColumn() : "") + " FROM " + t.table() + " WHERE "
                + t.idColumn() + " = ?";
    }

    /**
     * Confirms a fenced row still exists (used only when the update count may omit unchanged rows).
     * Parameters: id, owner, attempt.
     *
     * @param t the task table
     * @return SQL
     */
    public String fencedExistsSql(TaskTable t) {
        return "SELECT 1 FROM " + t.table() + " WHERE " + fence(t);
    }

    /**
     * Complete: {@code UPDATE t SET status='DONE', modified=now[, last_error=NULL] WHERE <fence>}.
     * Parameters: id, owner, attempt.
     *
     * @param t the task table
     * @return SQL
     */
    public String completeSql(TaskTable t) {
        return "UPDATE " + t.table() + " SET " + t.statusColumn() + " = '" + t.done() + "', " + t.modifiedColumn()
                + " = " + now() + (t.lastErrorColumn() != null ? ", " + t.lastErrorColumn() + " = NULL" : "")
                + " WHERE " + fence(t);
    }

    /**
     * Fail at the ceiling: {@code UPDATE t SET status='DEAD', modified=now[, last_error=?] WHERE <fence> AND
     * attempts >= max_attempts}. Parameters: [last error], id, owner, attempt. The owner is kept for forensics.
     *
     * @param t the task table
     * @return SQL
     */
    public String failToDeadSql(TaskTable t) {
        return "UPDATE " + t.table() + " SET " + t.statusColumn() + " = '" + t.dead() + "', " + t.modifiedColumn()
                + " = " + now() + (t.lastErrorColumn() != null ? ", " + t.lastErrorColumn() + " = ?" : "")
                + " WHERE " + fence(t) + " AND " + t.attemptsColumn() + " >= " + t.maxAttemptsExpression();
    }

    /**
     * Fail below the ceiling: {@code UPDATE t SET status='PENDING', owner=NULL, modified=now[, last_error=?][,
     * not_before=now + ?] WHERE <fence> AND attempts < max_attempts}. Parameters: [last error], [retry delay, bound
     * with {@link #delayParameter}], id, owner, attempt.
     *
     * @param t the task table
     * @return SQL
     */
    public String failToPendingSql(TaskTable t) {
        return "UPDATE " + t.table() + " SET " + t.statusColumn() + " = '" + t.pending() + "', " + t.ownerColumn()
                + " = NULL, " + t.modifiedColumn() + " = " + now()
                + (t.lastErrorColumn() != null ? ", " + t.lastErrorColumn() + " = ?" : "")
                + (t.notBeforeColumn() != null ? ", " + t.notBeforeColumn() + " = " + nowPlusDelay() : "")
                + " WHERE " + fence(t) + " AND " + t.attemptsColumn() + " < " + t.maxAttemptsExpression();
    }

    /**
     * Release (give the claim back without using its attempt): {@code UPDATE t SET status='PENDING', owner=NULL,
     * attempts=attempts-1, modified=now[, last_error=?] WHERE <fence>}. Parameters: [last error], id, owner,
     * attempt.
     *
     * @param t the task table
     * @return SQL
     */
    public String releaseSql(TaskTable t) {
        return "UPDATE " + t.table() + " SET " + t.statusColumn() + " = '" + t.pending() + "', " + t.ownerColumn()
                + " = NULL, " + t.attemptsColumn() + " = " + t.attemptsColumn() + " - 1, " + t.modifiedColumn() + " = "
                + now() + (t.lastErrorColumn() != null ? ", " + t.lastErrorColumn() + " = ?" : "") + " WHERE " + fence(t);
    }

    /**
     * Sweep at the ceiling: {@code UPDATE t SET status='DEAD', modified=now[, last_error=?] WHERE status='RUNNING'
     * AND modified < now - lease AND attempts >= max_attempts}. Parameters: [last error], lease.
     *
     * @param t the task table
     * @return SQL
     */
    public String recoverToDeadSql(TaskTable t) {
        return "UPDATE " + t.table() + " SET " + t.statusColumn() + " = '" + t.dead() + "', " + t.modifiedColumn()
                + " = " + now() + (t.lastErrorColumn() != null ? ", " + t.lastErrorColumn() + " = ?" : "")
                + " WHERE " + t.statusColumn() + " = '" + t.running() + "' AND " + t.modifiedColumn() + " < "
                + nowMinusLease() + " AND " + t.attemptsColumn() + " >= " + t.maxAttemptsExpression();
    }

    /**
     * Sweep below the ceiling: {@code UPDATE t SET status='PENDING', owner=NULL, modified=now[, last_error=?] WHERE
     * status='RUNNING' AND modified < now - lease AND attempts < max_attempts}. Parameters: [last error], lease.
     *
     * @param t the task table
     * @return SQL
     */
    public String recoverToPendingSql(TaskTable t) {
        return "UPDATE " + t.table() + " SET " + t.statusColumn() + " = '" + t.pending() + "', " + t.ownerColumn()
                + " = NULL, " + t.modifiedColumn() + " = " + now()
                + (t.lastErrorColumn() != null ? ", " + t.lastErrorColumn() + " = ?" : "")
                + " WHERE " + t.statusColumn() + " = '" + t.running() + "' AND " + t.modifiedColumn() + " < "
                + nowMinusLease() + " AND " + t.attemptsColumn() + " < " + t.maxAttemptsExpression();
    }

    /**
     * First statement of a sweep chunk, run in the sweep's transaction: {@code SELECT id FROM t WHERE
     * status='RUNNING' AND modified < now - lease LIMIT ? FOR UPDATE SKIP LOCKED}. Parameters: lease (bound with
     * {@link #leaseParameter}), limit. A row another transaction holds (a worker frozen inside its heartbeat or
     * complete, an operator's open transaction) is skipped, not waited for: the next sweep takes it. On
     * MySQL/MariaDB run it after {@link #claimBatchIsolationSql()}: at REPEATABLE READ InnoDB would also lock the
     * gaps it scans.
     *
     * @param t the task table
     * @return SQL
     */
    public String recoverCandidatesSql(TaskTable t) {
        return "SELECT " + t.idColumn() + " FROM " + t.table() + " WHERE " + t.statusColumn() + " = '" + t.running()
                + "' AND " + t.modifiedColumn() + " < " + nowMinusLease() + " LIMIT ? FOR UPDATE SKIP LOCKED";
    }

    /**
     * {@link #recoverToDeadSql(TaskTable)} restricted to {@code n} ids locked by {@link #recoverCandidatesSql}:
     * {@code ... AND id IN (?, ...)}, the status test addressed by primary key. Parameters: [last error], lease,
     * the n ids.
     *
     * @param t the task table
     * @param n number of ids, at least 1
     * @return SQL
     * @throws IllegalArgumentException if n &lt; 1
     */
    public String recoverToDeadSql(TaskTable t, int n) {
        return "UPDATE " + t.table() + " SET " + t.statusColumn() + " = '" + t.dead() + "', " + t.modifiedColumn()
                + " = " + now() + (t.lastErrorColumn() != null ? ", " + t.lastErrorColumn() + " = ?" : "")
                + " WHERE " + statusOfRowById(t, t.running()) + " AND " + t.modifiedColumn() + " < "
                + nowMinusLease() + " AND " + t.attemptsColumn() + " >= " + t.maxAttemptsExpression() + " AND "
                + t.idColumn() + " IN (" + placeholders(n) + ")";
    }

    /**
     * {@link #recoverToPendingSql(TaskTable)} restricted to {@code n} ids locked by {@link #recoverCandidatesSql}.
     * Parameters: [last error], lease, the n ids.
     *
     * @param t the task table
     * @param n number of ids, at least 1
     * @return SQL
     * @throws IllegalArgumentException if n &lt; 1
     */
    public String recoverToPendingSql(TaskTable t, int n) {
        return "UPDATE " + t.table() + " SET " + t.statusColumn() + " = '" + t.pending() + "', " + t.ownerColumn()
                + " = NULL, " + t.modifiedColumn() + " = " + now()
                + (t.lastErrorColumn() != null ? ", " + t.lastErrorColumn() + " = ?" : "")
                + " WHERE " + statusOfRowById(t, t.running()) + " AND " + t.modifiedColumn() + " < "
                + nowMinusLease() + " AND " + t.attemptsColumn() + " < " + t.maxAttemptsExpression() + " AND "
                + t.idColumn() + " IN (" + placeholders(n) + ")";
    }

    private static String placeholders(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("n must be >= 1: " + n);
        }
        StringBuilder in = new StringBuilder("?");
        for (int i = 1; i < n; i++) {
            in.append(", ?");
        }
        return in.toString();
    }

    // ------------------------------------------------------------------ ledger SQL

    /**
     * The status test of a ledger statement addressed by key: {@code status = 'X'}; on MySQL/MariaDB
     * {@code CONCAT(status, '') = 'X'} so that the key's primary key is used, not a range scan of the
     * {@code (status, updated_at)} index that locks every STARTED key (see {@link #statusOfRowById}).
     *
     * @param state the ledger state
     * @return SQL condition
     */
    protected String ledgerStatusOfKey(String state) {
        return "status = '" + state + "'";
    }

    static final String LEDGER_COLUMNS =
            "idem_key, request_fp, status, task_id, attempts, dup_hits, created_at, updated_at";

    /**
     * Insert-if-absent of a STARTED ledger row. Parameters: key, fingerprint, task id (nullable string).
     * Interpret the row count with {@link #ledgerInserted(int)}.
     *
     * @param l the ledger
     * @return SQL
     */
    public abstract String ledgerInsertIfAbsentSql(LedgerTable l);

    /**
     * @param updateCount row count of {@link #ledgerInsertIfAbsentSql}
     * @return true if this call inserted the row, false if the key already existed
     */
    public abstract boolean ledgerInserted(int updateCount);

    /**
     * Reads a ledger row and whether its lease expired, judged on the database clock. Parameters: lease, key.
     * Columns: request_fp, status, result, attempts, task_id, expired (1/0).
     *
     * @param l the ledger
     * @return SQL
     */
    public String ledgerSelectSql(LedgerTable l) {
        return "SELECT request_fp, status, result, attempts, task_id, CASE WHEN updated_at < " + nowMinusLease()
                + " THEN 1 ELSE 0 END AS expired FROM " + l.table() + " WHERE idem_key = ?";
    }

    /**
     * Take-over of an in-doubt key (RETRY_WITH_SAME_KEY): {@code UPDATE l SET attempts=attempts+1, updated_at=now
     * WHERE idem_key=? AND status='STARTED' AND attempts=? AND updated_at < now - lease}.
     * Parameters: key, attempts seen, lease. Exactly one caller gets 1.
     *
     * @param l the ledger
     * @return SQL
     */
    public String ledgerTakeOverSql(LedgerTable l) {
        return "UPDATE " + l.table() + " SET attempts = attempts + 1, updated_at = " + now()
                + " WHERE idem_key = ? AND " + ledgerStatusOfKey(LEDGER_STARTED) + " AND attempts = ? AND updated_at < "
                + nowMinusLease();
    }

    /**
     * Records the outcome: {@code UPDATE l SET status='DONE', result=?, updated_at=now WHERE idem_key=? AND
     * status='STARTED'}. Parameters: result, key. 0 rows = not STARTED (already DONE, or released).
     *
     * @param l the ledger
     * @return SQL
     */
    public String ledgerMarkDoneSql(LedgerTable l) {
        return "UPDATE " + l.table() + " SET status = '" + LEDGER_DONE + "', result = ?, updated_at = " + now()
                + " WHERE idem_key = ? AND " + ledgerStatusOfKey(LEDGER_STARTED);
    }

    /**
     * Releases a STARTED key whose effect definitely did not happen: {@code DELETE FROM l WHERE idem_key=? AND
     * status='STARTED' AND attempts=?}. Parameters: key, attempts.
     *
     * @param l the ledger
     * @return SQL
     */
    public String ledgerReleaseSql(LedgerTable l) {
        return "DELETE FROM " + l.table() + " WHERE idem_key = ? AND " + ledgerStatusOfKey(LEDGER_STARTED) + " AND attempts = ?";
    }

    /**
     * Like {@link #ledgerReleaseSql} without the attempt fence. Parameter: key.
     *
     * @param l the ledger
     * @return SQL
     */
    public String ledgerReleaseAnySql(LedgerTable l) {
        return "DELETE FROM " + l.table() + " WHERE idem_key = ? AND " + ledgerStatusOfKey(LEDGER_STARTED);
    }

    // ------------------------------------------------------------------ reconciler SQL

    /**
     * Tasks DONE without a DONE ledger row (the task id is linked through {@code ledger.task_id}).
     *
     * @param t the task table
     * @param l the ledger
     * @return SQL, no parameters; column: id
     */
    public String doneTasksWithoutLedgerSql(TaskTable t, LedgerTable l) {
        return "SELECT t." + t.idColumn() + " FROM " + t.table() + " t WHERE t." + t.statusColumn() + " = '"
                + t.done() + "' AND NOT EXISTS (SELECT 1 FROM " + l.table() + " l WHERE l.task_id = "
                + castToText("t." + t.idColumn()) + " AND l.status = '" + LEDGER_DONE + "') ORDER BY t." + t.idColumn();
    }

    /**
     * DONE ledger rows whose task is missing or not DONE, excluding tasks RUNNING within their lease (the normal
     * window between recording and completing). Parameter: task lease. Columns: idem_key, task_id, task status.
     *
     * @param t the task table
     * @param l the ledger
     * @return SQL
     */
    public String ledgerDoneTaskNotDoneSql(TaskTable t, LedgerTable l) {
        return "SELECT l.idem_key, l.task_id, t." + t.statusColumn() + " FROM " + l.table() + " l LEFT JOIN "
                + t.table() + " t ON l.task_id = " + castToText("t." + t.idColumn()) + " WHERE l.status = '"
                + LEDGER_DONE + "' AND l.task_id IS NOT NULL AND (t." + t.idColumn() + " IS NULL OR (t."
                + t.statusColumn() + " <> '" + t.done() + "' AND (t." + t.statusColumn() + " <> '" + t.running()
                + "' OR t." + t.modifiedColumn() + " < " + nowMinusLease() + "))) ORDER BY l.idem_key";
    }

    /**
     * In-doubt keys: STARTED ledger rows older than the ledger lease. Parameter: ledger lease.
     * Columns: idem_key, task_id, attempts.
     *
     * @param l the ledger
     * @return SQL
     */
    public String inDoubtKeysSql(LedgerTable l) {
        return "SELECT idem_key, task_id, attempts FROM " + l.table() + " WHERE status = '" + LEDGER_STARTED
                + "' AND updated_at < " + nowMinusLease() + " ORDER BY idem_key";
    }

    /**
     * RUNNING tasks past their lease. Parameter: task lease. Columns: id, owner, attempts.
     *
     * @param t the task table
     * @return SQL
     */
    public String expiredRunningSql(TaskTable t) {
        return "SELECT " + t.idColumn() + ", " + t.ownerColumn() + ", " + t.attemptsColumn() + " FROM " + t.table()
                + " WHERE " + t.statusColumn() + " = '" + t.running() + "' AND " + t.modifiedColumn() + " < "
                + nowMinusLease() + " ORDER BY " + t.idColumn();
    }

    /**
     * @param t the task table
     * @return {@code SELECT COUNT(*) FROM t WHERE status='DEAD'}
     */
    public String deadCountSql(TaskTable t) {
        return "SELECT COUNT(*) FROM " + t.table() + " WHERE " + t.statusColumn() + " = '" + t.dead() + "'";
    }

    @Override
    public String toString() {
        return name();
    }

    // ------------------------------------------------------------------ implementations

    private static final class Postgres extends Dialect {
        @Override
        public String name() {
            return "postgresql";
        }

        @Override
        public String timestampType() {
            return "TIMESTAMPTZ";
        }

        @Override
        public String now() {
            return "clock_timestamp()";
        }

        @Override
        public String nowMinusLease() {
            return "(clock_timestamp() - CAST(? AS BIGINT) * INTERVAL '1 millisecond')";
        }

        @Override
        public long leaseParameter(Duration lease) {
            return lease.toMillis();
        }

        @Override
        public String castToText(String expression) {
            return "CAST(" + expression + " AS VARCHAR(255))";
        }

        @Override
        public boolean isUniqueViolation(SQLException e) {
            return hasSqlState(e, "23505");
        }

        @Override
        public boolean claimReturnsAttempt() {
            return true;
        }

        @Override
        public boolean claimBatchInOneStatement() {
            return true;
        }

        @Override
        public String claimBatchSql(TaskTable t) {
            // = ANY(ARRAY(subquery)) is an InitPlan evaluated once; a plain IN (subquery) may be planned as a
            // semi-join that re-runs the LIMIT ... SKIP LOCKED subquery and claims more than the limit
            return "UPDATE " + t.table() + claimSet(t, now()) + " WHERE " + t.idColumn() + " = ANY(ARRAY(SELECT "
                    + t.idColumn() + " FROM " + t.table() + " WHERE " + claimableWhere(t)
                    + " LIMIT ? FOR UPDATE SKIP LOCKED)) AND " + claimableWhere(t) + " RETURNING " + t.idColumn() + ", "
                    + t.attemptsColumn();
        }

        @Override
        public String ledgerInsertIfAbsentSql(LedgerTable l) {
            return "INSERT INTO " + l.table() + " (" + LEDGER_COLUMNS + ") VALUES (?, ?, '" + LEDGER_STARTED
                    + "', ?, 1, 0, clock_timestamp(), clock_timestamp()) ON CONFLICT (idem_key) DO NOTHING";
        }

        @Override
        public boolean ledgerInserted(int updateCount) {
            return updateCount == 1;
        }
    }

    private static final class MySql extends Dialect {
        @Override
        public String name() {
            return "mysql";
        }

        @Override
        public String timestampType() {
            return "DATETIME(3)";
        }

        @Override
        public String now() {
            return "UTC_TIMESTAMP(3)";
        }

        @Override
        public String nowMinusLease() {
            return "TIMESTAMPADD(MICROSECOND, ?, UTC_TIMESTAMP(3))";
        }

        @Override
        public long leaseParameter(Duration lease) {
            return -lease.toMillis() * 1000L;
        }

        @Override
        public String castToText(String expression) {
            return "CAST(" + expression + " AS CHAR(255))";
        }

        @Override
        public boolean isUniqueViolation(SQLException e) {
            for (Throwable t = e; t != null; t = next(t)) {
                if (t instanceof SQLException && ((SQLException) t).getErrorCode() == 1062) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public boolean updateCountMayOmitUnchangedRows() {
            return true;
        }

        @Override
        protected String statusOfRowById(TaskTable t, String state) {
            return "CONCAT(" + t.statusColumn() + ", '') = '" + state + "'";
        }

        @Override
        public String claimBatchIsolationSql() {
            return "SET TRANSACTION ISOLATION LEVEL READ COMMITTED";
        }

        @Override
        protected String ledgerStatusOfKey(String state) {
            return "CONCAT(status, '') = '" + state + "'";
        }

        @Override
        public String ledgerInsertIfAbsentSql(LedgerTable l) {
            return "INSERT INTO " + l.table() + " (" + LEDGER_COLUMNS + ") VALUES (?, ?, '" + LEDGER_STARTED
                    + "', ?, 1, 0, UTC_TIMESTAMP(3), UTC_TIMESTAMP(3)) ON DUPLICATE KEY UPDATE dup_hits = dup_hits + 1";
        }

        @Override
        public boolean ledgerInserted(int updateCount) {
            return updateCount == 1;
        }
    }

    private static final class H2Dialect extends Dialect {
        @Override
        public String name() {
            return "h2";
        }

        @Override
        public String now() {
            return "CURRENT_TIMESTAMP";
        }

        @Override
        public String nowMinusLease() {
            return "DATEADD(MILLISECOND, CAST(? AS BIGINT), CURRENT_TIMESTAMP)";
        }

        @Override
        public long leaseParameter(Duration lease) {
            return -lease.toMillis();
        }

        @Override
        public String castToText(String expression) {
            return "CAST(" + expression + " AS VARCHAR(255))";
        }

        @Override
        public boolean isUniqueViolation(SQLException e) {
            return hasSqlState(e, "23505");
        }

        @Override
        public String ledgerInsertIfAbsentSql(LedgerTable l) {
            return "MERGE INTO " + l.table() + " d USING (SELECT CAST(? AS VARCHAR(255)) AS k, CAST(? AS VARCHAR(255))"
                    + " AS fp, CAST(? AS VARCHAR(255)) AS tid) s ON d.idem_key = s.k WHEN NOT MATCHED THEN INSERT ("
                    + LEDGER_COLUMNS + ") VALUES (s.k, s.fp, '" + LEDGER_STARTED
                    + "', s.tid, 1, 0, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)";
        }

        @Override
        public boolean ledgerInserted(int updateCount) {
            return updateCount == 1;
        }
    }
}
