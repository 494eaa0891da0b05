ALTER TABLE t_order COMMENT = 'orders';
