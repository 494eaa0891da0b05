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

CREATE TABLE t_gift_order ( -- expect: IDEM011
  id         BIGINT        NOT NULL AUTO_INCREMENT,
  order_id   BIGINT        NOT NULL,
  user_id    BIGINT        NOT NULL,
  PRIMARY KEY (id)
) ENGINE=InnoDB;

CREATE TABLE t_order_item ( -- expect: IDEM011
  id         BIGINT        NOT NULL AUTO_INCREMENT,
  task_id    BIGINT        NOT NULL,
  user_id    BIGINT        NOT NULL,
  PRIMARY KEY (id)
) ENGINE=InnoDB;
