package io.idemcheck.runtime;

/**
 * Names the idempotency ledger table. Its columns are fixed (see {@code ddl/<dialect>/idempotency_ledger.sql}):
 * <pre>
 * idem_key    VARCHAR(255) PRIMARY KEY   the business key ({@link IdempotencyKeys#of})
 * request_fp  VARCHAR(255) NOT NULL      request fingerprint; same key + other fingerprint is an error
 * status      VARCHAR(16)  NOT NULL      STARTED (before the effect) or DONE (outcome recorded)
 * result      TEXT                        the recorded outcome, replayed to later callers
 * task_id     VARCHAR(255)                optional link to the task row: String.valueOf(task id)
 * attempts    INT NOT NULL                how many times the key was (re)acquired; fencing token for take-over
 * dup_hits    INT NOT NULL                duplicate inserts seen (MySQL/MariaDB only, makes the row count unambiguous)
 * created_at  / updated_at                database clock; updated_at older than the lease = the attempt died
 * </pre>
 *
 * <p>Immutable.
 */
public final class LedgerTable {
    /** The default table name used by the shipped DDL. */
    public static final String DEFAULT_NAME = "idem_ledger";

    private final String table;

    private LedgerTable(String table) {
        this.table = Identifiers.table(table, "ledger table");
    }

    /**
     * @param table the ledger table name, optionally schema-qualified
     * @return the description
     * @throws IllegalArgumentException if the name is not a valid identifier
     */
    public static LedgerTable named(String table) {
        return new LedgerTable(table);
    }

    /** @return the ledger named {@value #DEFAULT_NAME} */
    public static LedgerTable defaults() {
        return new LedgerTable(DEFAULT_NAME);
    }

    /** @return the validated table name */
    public String table() {
        return table;
    }

    @Override
    public String toString() {
        return "LedgerTable{" + table + "}";
    }
}
