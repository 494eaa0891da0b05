-- idemcheck runtime: example task table for MySQL 8 / MariaDB 10.6+ (copy into a Flyway/Liquibase migration).
-- MariaDB 10.6+ because batch claims (TaskClaimer.claimBatch, TaskWorker) use SELECT ... FOR UPDATE SKIP LOCKED,
-- MariaDB 10.5 runs the single-row claim and the ledger only (no recoverExpired either: the sweep skips locked rows
-- with SKIP LOCKED too).
-- DATETIME(3) columns hold UTC: the runtime writes UTC_TIMESTAMP(3) and compares with UTC_TIMESTAMP(3),
-- independent of the session time zone.
CREATE TABLE idem_task (
    id            BIGINT       NOT NULL PRIMARY KEY,
    status        VARCHAR(16)  NOT NULL DEFAULT 'PENDING',   -- PENDING | RUNNING | DONE | DEAD
    owner         VARCHAR(128),
    attempts      INT          NOT NULL DEFAULT 0,
    max_attempts  INT          NOT NULL DEFAULT 5,
    gmt_modified  DATETIME(3)  NOT NULL DEFAULT (UTC_TIMESTAMP(3)),
    last_error    VARCHAR(1000),
    not_before    DATETIME(3)  NULL,                         -- UTC retry time of a failed attempt (NULL: claimable now)
    INDEX idem_task_status_idx (status, gmt_modified)
) ENGINE=InnoDB;
