CREATE TABLE li_promotion_goods (
  id           BIGINT AUTO_INCREMENT PRIMARY KEY,
  promotion_id BIGINT NOT NULL,
  scope_type   VARCHAR(32)
);
