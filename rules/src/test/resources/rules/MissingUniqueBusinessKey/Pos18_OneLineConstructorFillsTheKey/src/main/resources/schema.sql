CREATE TABLE t_charge ( -- expect: IDEM011 "(invoice_id)"
  id         BIGINT PRIMARY KEY AUTO_INCREMENT,
  invoice_id BIGINT NOT NULL,
  amount     BIGINT NOT NULL
);
