-- Coupons locked by settled orders and redeemed by SettlementCouponStep.
CREATE TABLE coupon_batch (
  id           BIGINT        NOT NULL AUTO_INCREMENT,
  used_count   INT           NOT NULL DEFAULT 0,
  PRIMARY KEY (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE coupon (
  id           BIGINT        NOT NULL AUTO_INCREMENT,
  batch_id     BIGINT        NOT NULL,
  status       VARCHAR(16)   NOT NULL,
  version      BIGINT        NOT NULL DEFAULT 0,
  PRIMARY KEY (id),
  KEY idx_status (status)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
