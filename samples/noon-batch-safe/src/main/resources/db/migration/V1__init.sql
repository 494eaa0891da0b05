-- MySQL 8 schema for the noon-batch-safe sample.
-- settlement_task carries the columns TaskClaimer needs (owner, attempts, max_attempts, gmt_modified, last_error,
-- not_before).

CREATE TABLE settlement_task (
  id           BIGINT        NOT NULL AUTO_INCREMENT,
  user_id      BIGINT        NOT NULL,
  phone        VARCHAR(32)   NOT NULL,
  amount       DECIMAL(18,2) NOT NULL,
  biz_date     DATE          NOT NULL,
  status       VARCHAR(16)   NOT NULL DEFAULT 'PENDING',  -- PENDING / RUNNING / DONE / DEAD
  owner        VARCHAR(128),
  attempts     INT           NOT NULL DEFAULT 0,
  max_attempts INT           NOT NULL DEFAULT 5,
  gmt_create   DATETIME      NOT NULL DEFAULT CURRENT_TIMESTAMP,
  gmt_modified DATETIME(3)   NOT NULL DEFAULT (UTC_TIMESTAMP(3)),  -- lease timestamp, UTC, written by the runtime
  last_error   VARCHAR(1000),
  not_before   DATETIME(3)   NULL,                               -- retry time after a failed attempt, UTC
  PRIMARY KEY (id),
  KEY idx_status_biz_date (status, biz_date),
  KEY idx_status_modified (status, gmt_modified)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- idem_key is UNIQUE: a retried settlement cannot create a second order.
CREATE TABLE t_order (
  id           BIGINT        NOT NULL AUTO_INCREMENT,
  task_id      BIGINT        NOT NULL,
  user_id      BIGINT        NOT NULL,
  amount       DECIMAL(18,2) NOT NULL,
  status       VARCHAR(16)   NOT NULL,
  idem_key     VARCHAR(255)  NOT NULL,
  gmt_create   DATETIME      NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  UNIQUE KEY uk_idem_key (idem_key),
  KEY idx_task_id (task_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- Copied from idemcheck-runtime: io/idemcheck/runtime/ddl/mysql/idempotency_ledger.sql
CREATE TABLE idem_ledger (
    idem_key    VARCHAR(255) NOT NULL PRIMARY KEY,
    request_fp  VARCHAR(255) NOT NULL,
    status      VARCHAR(16)  NOT NULL,
    result      TEXT,
    task_id     VARCHAR(255),
    attempts    INT          NOT NULL DEFAULT 1,
    dup_hits    INT          NOT NULL DEFAULT 0,
    created_at  DATETIME(3)  NOT NULL DEFAULT (UTC_TIMESTAMP(3)),
    updated_at  DATETIME(3)  NOT NULL DEFAULT (UTC_TIMESTAMP(3)),
    INDEX idem_ledger_task_idx (task_id),
    INDEX idem_ledger_status_idx (status, updated_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
