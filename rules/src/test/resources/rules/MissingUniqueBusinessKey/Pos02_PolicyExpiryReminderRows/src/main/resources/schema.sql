-- reminders to send; a second task sends every UNSENT row
CREATE TABLE policy_reminder ( -- expect: IDEM011 "reminder row"
  id          BIGINT AUTO_INCREMENT PRIMARY KEY,
  user_id     BIGINT      NOT NULL,
  policy_id   BIGINT      NOT NULL,
  notice_type VARCHAR(16) NOT NULL,
  send_day    DATE        NOT NULL,
  status      VARCHAR(16) NOT NULL DEFAULT 'UNSENT'
);
CREATE TABLE policy (
  id         BIGINT AUTO_INCREMENT PRIMARY KEY,
  user_id    BIGINT NOT NULL,
  expires_on DATE   NOT NULL
);
