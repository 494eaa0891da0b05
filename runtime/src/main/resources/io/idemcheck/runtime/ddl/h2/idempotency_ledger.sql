-- idemcheck runtime: idempotency ledger for H2 2.x.
CREATE TABLE idem_ledger (
    idem_key    VARCHAR(255) NOT NULL PRIMARY KEY,
    request_fp  VARCHAR(255) NOT NULL,
    status      VARCHAR(16)  NOT NULL,                       -- STARTED | DONE
    result      VARCHAR(1000000),
    task_id     VARCHAR(255),
    attempts    INT          NOT NULL DEFAULT 1,
    dup_hits    INT          NOT NULL DEFAULT 0,
    created_at  TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at  TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX idem_ledger_task_idx ON idem_ledger (task_id);
CREATE INDEX idem_ledger_status_idx ON idem_ledger (status, updated_at);
