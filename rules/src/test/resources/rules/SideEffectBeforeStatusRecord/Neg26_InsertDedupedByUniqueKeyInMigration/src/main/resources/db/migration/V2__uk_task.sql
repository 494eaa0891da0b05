ALTER TABLE t_order ADD CONSTRAINT uk_t_order_task_id UNIQUE (task_id);
