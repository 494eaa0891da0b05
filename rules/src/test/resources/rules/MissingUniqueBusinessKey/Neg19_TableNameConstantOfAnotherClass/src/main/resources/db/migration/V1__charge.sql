CREATE TABLE t_charge (
  id       BIGINT        NOT NULL AUTO_INCREMENT,
  order_id BIGINT        NOT NULL,
  amount   DECIMAL(18,2) NOT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY uk_charge_order (order_id)
) ENGINE=InnoDB;

CREATE TABLE t_pay_order (
  id     BIGINT        NOT NULL AUTO_INCREMENT,
  amount DECIMAL(18,2) NOT NULL,
  status VARCHAR(16)   NOT NULL,
  PRIMARY KEY (id)
) ENGINE=InnoDB;
