-- a work queue: the master reads a command, runs it and deletes it
CREATE TABLE t_ds_command (
  id            BIGINT AUTO_INCREMENT PRIMARY KEY,
  definition_id BIGINT NOT NULL,
  command_type  VARCHAR(32) NOT NULL,
  create_time   TIMESTAMP DEFAULT CURRENT_TIMESTAMP
);
