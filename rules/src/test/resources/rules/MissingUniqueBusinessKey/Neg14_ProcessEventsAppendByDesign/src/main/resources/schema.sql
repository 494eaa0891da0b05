-- one row per processing step and attempt, by design
CREATE TABLE process_events (
  id         BIGINT AUTO_INCREMENT PRIMARY KEY,
  file_name  VARCHAR(255) NOT NULL,
  event      VARCHAR(64) NOT NULL,
  created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP
);
CREATE TABLE inbound_file (
  id        BIGINT AUTO_INCREMENT PRIMARY KEY,
  file_name VARCHAR(255) NOT NULL UNIQUE,
  status    VARCHAR(16)
);
