ALTER TABLE t_order ADD UNIQUE KEY uk_t_order_task_id (task_id);
