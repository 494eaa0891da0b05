CREATE TABLE li_order_package_item (
  id            BIGINT AUTO_INCREMENT PRIMARY KEY,
  package_no    VARCHAR(64) NOT NULL,
  order_sn      VARCHAR(64) NOT NULL,
  order_item_id BIGINT NOT NULL
);
