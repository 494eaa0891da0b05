-- idemcheck runtime: example task table for PostgreSQL (copy into a Flyway/Liquibase migration).
-- Column names match TaskTable.defaults("idem_task"). gmt_modified is the lease timestamp (database clock).
CREATE TABLE idem_task (
    id            BIGINT       NOT NULL PRIMARY KEY,
    status        VARCHAR(16)  NOT NULL DEFAULT 'PENDING',   -- PENDING | RUNNING | DONE | DEAD
    owner         VARCHAR(128),
    attempts      INT          NOT NULL DEFAULT 0,           -- incremented by every claim (crashes count)
    max_attempts  INT          NOT NULL DEFAULT 5,
    gmt_modified  TIMESTAMPTZ  NOT NULL DEFAULT clock_timestamp(),
    last_error    VARCHAR(1000),
    not_before    TIMESTAMPTZ  NULL                          -- retry time of a failed attempt (NULL: claimable now)
);
CREATE INDEX idem_task_status_idx ON idem_task (status, gmt_modified);
