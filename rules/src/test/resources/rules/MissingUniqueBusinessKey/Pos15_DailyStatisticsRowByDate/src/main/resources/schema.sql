CREATE TABLE li_member_statistics_data ( -- expect: IDEM011 "(create_date)"
  id           BIGINT AUTO_INCREMENT PRIMARY KEY,
  create_date  DATE NOT NULL,
  member_count BIGINT
);
