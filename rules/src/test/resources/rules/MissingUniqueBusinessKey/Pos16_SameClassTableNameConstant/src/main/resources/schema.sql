CREATE TABLE `t_payout` ( -- expect: IDEM011
  `id` bigint NOT NULL AUTO_INCREMENT,
  `commission_id` bigint NOT NULL,
  `amount` decimal(18,2) NOT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB;
