CREATE TABLE t_order (
  id       BIGINT        NOT NULL AUTO_INCREMENT,
  task_id  BIGINT        NOT NULL,
  user_id  BIGINT        NOT NULL,
  amount   DECIMAL(18,2) NOT NULL,
  status   VARCHAR(16)   NOT NULL,
  PRIMARY KEY (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
