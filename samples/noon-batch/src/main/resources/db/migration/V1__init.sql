-- MySQL 8 schema for the noon-batch sample.

CREATE TABLE settlement_task (
  id           BIGINT        NOT NULL AUTO_INCREMENT,
  user_id      BIGINT        NOT NULL,
  phone        VARCHAR(32)   NOT NULL,
  amount       DECIMAL(18,2) NOT NULL,
  biz_date     DATE          NOT NULL,
  status       VARCHAR(16)   NOT NULL DEFAULT 'PENDING',  -- PENDING / RUNNING / DONE / FAILED
  gmt_create   DATETIME      NOT NULL DEFAULT CURRENT_TIMESTAMP,
  gmt_modified DATETIME      NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  KEY idx_status_biz_date (status, biz_date)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- No UNIQUE key on task_id: a second insert for the same task is a second order.
CREATE TABLE t_order (
  id           BIGINT        NOT NULL AUTO_INCREMENT,
  task_id      BIGINT        NOT NULL,
  user_id      BIGINT        NOT NULL,
  amount       DECIMAL(18,2) NOT NULL,
  status       VARCHAR(16)   NOT NULL,
  gmt_create   DATETIME      NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  KEY idx_task_id (task_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE refund_task (
  id           BIGINT        NOT NULL AUTO_INCREMENT,
  user_id      BIGINT        NOT NULL,
  amount       DECIMAL(18,2) NOT NULL,
  status       VARCHAR(16)   NOT NULL DEFAULT 'PENDING',  -- PENDING / RUNNING / DONE / FAILED
  gmt_create   DATETIME      NOT NULL DEFAULT CURRENT_TIMESTAMP,
  gmt_modified DATETIME      NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  KEY idx_status (status)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
