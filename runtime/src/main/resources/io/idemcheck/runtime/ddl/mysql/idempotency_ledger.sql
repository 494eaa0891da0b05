-- idemcheck runtime: idempotency ledger for MySQL 8 / MariaDB 10.6+ (copy into a Flyway/Liquibase migration).
-- MariaDB 10.6+ because batch claims (TaskClaimer.claimBatch, TaskWorker) use SELECT ... FOR UPDATE SKIP LOCKED,
-- MariaDB 10.5 runs the single-row claim and the ledger only (no recoverExpired either: the sweep skips locked rows
-- with SKIP LOCKED too).
-- dup_hits is bumped by INSERT ... ON DUPLICATE KEY UPDATE so the row count is 1 (inserted) or 2 (existed).
CREATE TABLE idem_ledger (
    idem_key    VARCHAR(255) NOT NULL PRIMARY KEY,
    request_fp  VARCHAR(255) NOT NULL,
    status      VARCHAR(16)  NOT NULL,                       -- STARTED | DONE
    result      TEXT,
    task_id     VARCHAR(255),
    attempts    INT          NOT NULL DEFAULT 1,
    dup_hits    INT          NOT NULL DEFAULT 0,
    created_at  DATETIME(3)  NOT NULL DEFAULT (UTC_TIMESTAMP(3)),
    updated_at  DATETIME(3)  NOT NULL DEFAULT (UTC_TIMESTAMP(3)),
    INDEX idem_ledger_task_idx (task_id),
    INDEX idem_ledger_status_idx (status, updated_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
