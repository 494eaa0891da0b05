-- one row per run and per item attempt, by design
CREATE TABLE settlement_attempt_log (
  id         BIGINT AUTO_INCREMENT PRIMARY KEY,
  task_id    BIGINT NOT NULL,
  outcome    VARCHAR(16),
  created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP
);
