CREATE TABLE li_store_flow ( -- expect: IDEM011 "(store_id, order_item_sn, flow_type)"
  id            VARCHAR(32) PRIMARY KEY,
  sn            VARCHAR(64) NOT NULL,
  order_item_sn VARCHAR(64) NOT NULL,
  flow_type     VARCHAR(16) NOT NULL,
  store_id      VARCHAR(32) NOT NULL
);
