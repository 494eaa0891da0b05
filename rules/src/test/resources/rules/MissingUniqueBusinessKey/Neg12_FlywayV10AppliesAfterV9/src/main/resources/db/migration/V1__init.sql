-- MySQL 8
CREATE TABLE t_order (
  id         BIGINT        NOT NULL AUTO_INCREMENT,
  task_id    BIGINT        NOT NULL,
  user_id    BIGINT        NOT NULL,
  amount     DECIMAL(18,2) NOT NULL,
  biz_date   DATE          NULL,
  order_no   VARCHAR(64)   NULL,
  status     VARCHAR(16)   NOT NULL,
  gmt_create DATETIME      NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  KEY idx_task_id (task_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COMMENT='orders; one per task';
