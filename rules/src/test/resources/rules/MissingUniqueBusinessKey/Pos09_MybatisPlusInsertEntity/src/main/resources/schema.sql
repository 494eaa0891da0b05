CREATE TABLE `t_refund` ( -- expect: IDEM011
  `id` bigint NOT NULL AUTO_INCREMENT,
  `task_id` bigint NOT NULL,
  `biz_date` date NOT NULL,
  `amount` decimal(18,2) NOT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB;
