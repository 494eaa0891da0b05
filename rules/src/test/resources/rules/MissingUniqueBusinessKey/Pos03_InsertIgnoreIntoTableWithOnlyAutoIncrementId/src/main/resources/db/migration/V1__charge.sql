CREATE TABLE `t_charge` ( -- expect: IDEM011
  `id` bigint NOT NULL AUTO_INCREMENT COMMENT 'pk',
  `task_id` bigint NOT NULL COMMENT 'settlement task',
  `amount` decimal(18,2) NOT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
