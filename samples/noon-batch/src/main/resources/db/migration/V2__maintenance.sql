-- Statement files for StatementCleanupJob.
CREATE TABLE statement_file (
  id           BIGINT        NOT NULL AUTO_INCREMENT,
  user_id      BIGINT        NOT NULL,
  file_key     VARCHAR(128)  NOT NULL,
  gmt_create   DATETIME      NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
