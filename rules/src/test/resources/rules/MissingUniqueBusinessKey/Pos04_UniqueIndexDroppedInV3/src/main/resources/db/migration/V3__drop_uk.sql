-- "duplicate key errors in the retry path": dropped
DROP INDEX uk_t_order_task_id ON t_order;
