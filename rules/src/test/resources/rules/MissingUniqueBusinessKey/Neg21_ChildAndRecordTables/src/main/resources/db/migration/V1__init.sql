-- MySQL 8
CREATE TABLE t_order (
  id         BIGINT        NOT NULL AUTO_INCREMENT,
  task_id    BIGINT        NOT NULL,
  user_id    BIGINT        NOT NULL,
  amount     DECIMAL(18,2) NOT NULL,
  status     VARCHAR(16)   NOT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY uk_task_id (task_id)
) ENGINE=InnoDB;

CREATE TABLE t_order_item (
  id         BIGINT        NOT NULL AUTO_INCREMENT,
  order_id   BIGINT        NOT NULL,
  sku_id     BIGINT        NOT NULL,
  quantity   INT           NOT NULL,
  PRIMARY KEY (id),
  KEY idx_order_id (order_id)
) ENGINE=InnoDB;

CREATE TABLE t_settle_record (
  id         BIGINT        NOT NULL AUTO_INCREMENT,
  task_id    BIGINT        NOT NULL,
  amount     DECIMAL(18,2) NOT NULL,
  result     VARCHAR(16)   NOT NULL,
  gmt_create DATETIME      NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id)
) ENGINE=InnoDB;
