CREATE TABLE ledger_entry ( -- expect: IDEM011
    id         BIGSERIAL PRIMARY KEY,
    account_id BIGINT         NOT NULL,
    task_id    BIGINT         NOT NULL,
    amount     NUMERIC(18, 2) NOT NULL,
    created_at TIMESTAMPTZ    NOT NULL DEFAULT now()
);
CREATE INDEX idx_ledger_task ON ledger_entry (task_id);
