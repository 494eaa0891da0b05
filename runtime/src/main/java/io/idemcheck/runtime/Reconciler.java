package io.idemcheck.runtime;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Read-only consistency check of a task table against its idempotency ledger. It changes nothing; it returns a
 * {@link ReconciliationReport} to log or alert on.
 *
 * <p>The task&ndash;ledger link is the ledger's {@code task_id} column, written by
 * {@link IdempotencyLedger#runOnce(String, String, Object, Effect)} as {@code String.valueOf(taskId)} and compared
 * with the task id cast to text ({@link Dialect#castToText}). The check for "DONE tasks without a DONE ledger row"
 * only makes sense when every task of the table records its effect in the ledger with its task id; disable it with
 * {@link #withoutDoneTaskCheck()} otherwise.
 *
 * <p>Queries run (each with the database clock for lease comparisons, see {@link Dialect}):
 * {@link Dialect#doneTasksWithoutLedgerSql}, {@link Dialect#ledgerDoneTaskNotDoneSql},
 * {@link Dialect#inDoubtKeysSql}, {@link Dialect#expiredRunningSql}, {@link Dialect#deadCountSql}.
 * Each list is limited to {@code maxRows} rows (default 1000) via {@code Statement.setMaxRows}.
 *
 * <p>Thread-safe and immutable.
 */
public final class Reconciler {
    private final DataSource dataSource;
    private final TaskTable tasks;
    private final LedgerTable ledger;
    private final Duration taskLease;
    private final Duration ledgerLease;
    private final int maxRows;
    private final boolean doneTaskCheck;
    private final Dialect fixedDialect;

    /**
     * @param dataSource  where to get connections
     * @param tasks       the task table
     * @param ledger      the ledger table, or {@code null} to report only task anomalies
     * @param taskLease   the lease used by {@link TaskClaimer#recoverExpired}: RUNNING rows older are "expired"
     * @param ledgerLease the ledger lease: STARTED keys older are "in doubt"
     */
    public Reconciler(DataSource dataSource, TaskTable tasks, LedgerTable ledger, Duration taskLease,
                      Duration ledgerLease) {
        this(dataSource, tasks, ledger, taskLease, ledgerLease, 1000, true, null);
    }

    private Reconciler(DataSource dataSource, TaskTable tasks, LedgerTable ledger, Duration taskLease,
                       Duration ledgerLease, int maxRows, boolean doneTaskCheck, Dialect dialect) {
        this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
        this.tasks = Objects.requireNonNull(tasks, "tasks");
        this.ledger = ledger;
        this.taskLease = Objects.requireNonNull(taskLease, "taskLease");
        this.ledgerLease = Objects.requireNonNull(ledgerLease, "ledgerLease");
        if (taskLease.isNegative() || ledgerLease.isNegative() || maxRows < 1) {
            throw new IllegalArgumentException("leases must not be negative and maxRows must be >= 1");
        }
        this.maxRows = maxRows;
        this.doneTaskCheck = doneTaskCheck;
        this.fixedDialect = dialect;
    }

    /**
     * @param n maximum rows per list (default 1000)
     * @return a copy with that limit
     */
    public Reconciler withMaxRows(int n) {
        return new Reconciler(dataSource, tasks, ledger, taskLease, ledgerLease, n, doneTaskCheck, fixedDialect);
    }

    /** @return a copy that skips the "DONE task without DONE ledger row" query */
    public Reconciler withoutDoneTaskCheck() {
        return new Reconciler(dataSource, tasks, ledger, taskLease, ledgerLease, maxRows, false, fixedDialect);
    }

    /**
     * @param d the dialect to use instead of detecting it
     * @return a copy
     */
    public Reconciler withDialect(Dialect d) {
        return new Reconciler(dataSource, tasks, ledger, taskLease, ledgerLease, maxRows, doneTaskCheck, d);
    }

    /**
     * Runs the five queries (read-only, auto-commit).
     *
     * @return the report
     * @throws IdemcheckDataAccessException on a database error
     */
    public ReconciliationReport check() {
        try (Connection c = dataSource.getConnection()) {
            Dialect d = fixedDialect != null ? fixedDialect : Dialect.detect(c);
            boolean[] truncated = {false};
            List<String> doneWithout = new ArrayList<String>();
            List<ReconciliationReport.LedgerWithoutDoneTask> ledgerDone = new ArrayList<ReconciliationReport.LedgerWithoutDoneTask>();
            List<ReconciliationReport.InDoubtKey> inDoubt = new ArrayList<ReconciliationReport.InDoubtKey>();
            List<ReconciliationReport.StaleTask> stale = new ArrayList<ReconciliationReport.StaleTask>();
            if (ledger != null) {
                if (doneTaskCheck) {
                    try (PreparedStatement ps = c.prepareStatement(d.doneTasksWithoutLedgerSql(tasks, ledger))) {
                        ps.setMaxRows(maxRows);
                        try (ResultSet rs = ps.executeQuery()) {
                            while (rs.next()) {
                                doneWithout.add(rs.getString(1));
                            }
                        }
                    }
                    truncated[0] |= doneWithout.size() >= maxRows;
                }
                try (PreparedStatement ps = c.prepareStatement(d.ledgerDoneTaskNotDoneSql(tasks, ledger))) {
                    ps.setMaxRows(maxRows);
                    ps.setLong(1, d.leaseParameter(taskLease));
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            ledgerDone.add(new ReconciliationReport.LedgerWithoutDoneTask(rs.getString(1),
                                    rs.getString(2), rs.getString(3)));
                        }
                    }
                }
                truncated[0] |= ledgerDone.size() >= maxRows;
                try (PreparedStatement ps = c.prepareStatement(d.inDoubtKeysSql(ledger))) {
                    ps.setMaxRows(maxRows);
                    ps.setLong(1, d.leaseParameter(ledgerLease));
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            inDoubt.add(new ReconciliationReport.InDoubtKey(rs.getString(1), rs.getString(2), rs.getInt(3)));
                        }
                    }
                }
                truncated[0] |= inDoubt.size() >= maxRows;
            }
            try (PreparedStatement ps = c.prepareStatement(d.expiredRunningSql(tasks))) {
                ps.setMaxRows(maxRows);
                ps.setLong(1, d.leaseParameter(taskLease));
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        stale.add(new ReconciliationReport.StaleTask(rs.getString(1), rs.getString(2), rs.getInt(3)));
                    }
                }
            }
            truncated[0] |= stale.size() >= maxRows;
            long dead;
            try (PreparedStatement ps = c.prepareStatement(d.deadCountSql(tasks)); ResultSet rs = ps.executeQuery()) {
                rs.next();
                dead = rs.getLong(1);
            }
            return new ReconciliationReport(doneWithout, ledgerDone, inDoubt, stale, dead, truncated[0]);
        } catch (SQLException e) {
            throw new IdemcheckDataAccessException("reconciling " + tasks.table()
                    + (ledger != null ? " with " + ledger.table() : ""), e);
        }
    }
}
