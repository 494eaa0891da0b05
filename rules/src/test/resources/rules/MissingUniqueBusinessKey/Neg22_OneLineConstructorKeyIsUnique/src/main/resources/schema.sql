CREATE TABLE t_charge (
  id         BIGINT PRIMARY KEY AUTO_INCREMENT,
  invoice_id BIGINT NOT NULL,
  amount     BIGINT NOT NULL
);
CREATE UNIQUE INDEX uk_charge_invoice ON t_charge (invoice_id);
