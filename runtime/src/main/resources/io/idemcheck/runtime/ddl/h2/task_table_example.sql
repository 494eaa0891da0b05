-- idemcheck runtime: example task table for H2 2.x.
CREATE TABLE idem_task (
    id            BIGINT       NOT NULL PRIMARY KEY,
    status        VARCHAR(16)  NOT NULL DEFAULT 'PENDING',   -- PENDING | RUNNING | DONE | DEAD
    owner         VARCHAR(128),
    attempts      INT          NOT NULL DEFAULT 0,
    max_attempts  INT          NOT NULL DEFAULT 5,
    gmt_modified  TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT CURRENT_TIMESTAMP,
    last_error    VARCHAR(1000),
    not_before    TIMESTAMP WITH TIME ZONE NULL -- retry time of a failed attempt (NULL: claimable now)
);
CREATE INDEX idem_task_status_idx ON idem_task (status, gmt_modified);
