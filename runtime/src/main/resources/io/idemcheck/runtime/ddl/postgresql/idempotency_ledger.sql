-- idemcheck runtime: idempotency ledger for PostgreSQL (copy into a Flyway/Liquibase migration).
-- Table name matches LedgerTable.defaults(); the column names are fixed.
CREATE TABLE idem_ledger (
    idem_key    VARCHAR(255) NOT NULL PRIMARY KEY,
    request_fp  VARCHAR(255) NOT NULL,
    status      VARCHAR(16)  NOT NULL,                       -- STARTED | DONE
    result      TEXT,
    task_id     VARCHAR(255),                                -- String.valueOf(task id), optional
    attempts    INT          NOT NULL DEFAULT 1,
    dup_hits    INT          NOT NULL DEFAULT 0,
    created_at  TIMESTAMPTZ  NOT NULL DEFAULT clock_timestamp(),
    updated_at  TIMESTAMPTZ  NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX idem_ledger_task_idx ON idem_ledger (task_id);
CREATE INDEX idem_ledger_status_idx ON idem_ledger (status, updated_at);
