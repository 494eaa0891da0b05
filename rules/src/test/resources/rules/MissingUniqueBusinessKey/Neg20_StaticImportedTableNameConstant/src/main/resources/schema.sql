CREATE TABLE `t_ledger_entry` (
  `id` bigint NOT NULL AUTO_INCREMENT,
  `settlement_id` bigint NOT NULL,
  `amount` decimal(18,2) NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk_ledger_settlement` (`settlement_id`)
) ENGINE=InnoDB;
