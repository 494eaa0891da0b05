ALTER TABLE t_order DROP INDEX idx_task_id;
