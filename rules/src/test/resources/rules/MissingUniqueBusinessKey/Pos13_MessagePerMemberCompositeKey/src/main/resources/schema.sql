CREATE TABLE li_member_message ( -- expect: IDEM011 "(message_id, member_id)"
  id         BIGINT AUTO_INCREMENT PRIMARY KEY,
  message_id BIGINT NOT NULL,
  member_id  BIGINT NOT NULL,
  title      VARCHAR(200)
);
