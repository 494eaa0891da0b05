CREATE UNIQUE INDEX uk_t_order_task_id ON t_order (task_id);
