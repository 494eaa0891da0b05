CREATE TABLE payout ( -- expect: IDEM011
  id        BIGINT IDENTITY PRIMARY KEY,
  user_id   BIGINT NOT NULL,
  amount    DECIMAL(18, 2) NOT NULL,
  payout_day DATE
);
