-- H2 version of V1__init.sql plus the fake gateways' tables (each request logged; the effect kept once per key).
CREATE TABLE settlement_task (
  id           BIGINT        NOT NULL PRIMARY KEY,
  user_id      BIGINT        NOT NULL,
  phone        VARCHAR(32)   NOT NULL,
  amount       DECIMAL(18,2) NOT NULL,
  biz_date     DATE          NOT NULL,
  status       VARCHAR(16)   NOT NULL DEFAULT 'PENDING',
  owner        VARCHAR(128),
  attempts     INT           NOT NULL DEFAULT 0,
  max_attempts INT           NOT NULL DEFAULT 5,
  gmt_modified TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT CURRENT_TIMESTAMP,
  last_error   VARCHAR(1000),
  not_before   TIMESTAMP WITH TIME ZONE NULL
);
CREATE TABLE t_order (
  id           BIGINT        AUTO_INCREMENT PRIMARY KEY,
  task_id      BIGINT        NOT NULL,
  user_id      BIGINT        NOT NULL,
  amount       DECIMAL(18,2) NOT NULL,
  status       VARCHAR(16)   NOT NULL,
  idem_key     VARCHAR(255)  NOT NULL UNIQUE
);
CREATE TABLE idem_ledger (
    idem_key    VARCHAR(255) NOT NULL PRIMARY KEY,
    request_fp  VARCHAR(255) NOT NULL,
    status      VARCHAR(16)  NOT NULL,
    result      VARCHAR(1000000),
    task_id     VARCHAR(255),
    attempts    INT          NOT NULL DEFAULT 1,
    dup_hits    INT          NOT NULL DEFAULT 0,
    created_at  TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at  TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE TABLE gateway_request (kind VARCHAR(16) NOT NULL, idem_key VARCHAR(255) NOT NULL);
CREATE TABLE gateway_charge (idem_key VARCHAR(255) NOT NULL PRIMARY KEY, user_id BIGINT NOT NULL, amount DECIMAL(18,2) NOT NULL);
CREATE TABLE gateway_sms (idem_key VARCHAR(255) NOT NULL PRIMARY KEY, phone VARCHAR(32) NOT NULL);
