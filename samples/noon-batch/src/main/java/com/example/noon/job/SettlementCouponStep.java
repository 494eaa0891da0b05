package com.example.noon.job;

import com.example.noon.domain.Coupon;
import com.example.noon.mapper.CouponMapper;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * After the noon settlement, redeems the coupons that settled orders locked. The redeem is fenced on the coupon's
 * version, but its row count is ignored: when two instances run the step, the loser's redeem updates 0 rows and it
 * still counts the coupon in its batch, so the batch's used count goes up twice.
 */
@Component
public class SettlementCouponStep {

    private final CouponMapper couponMapper;

    public SettlementCouponStep(CouponMapper couponMapper) {
        this.couponMapper = couponMapper;
    }

    @Scheduled(cron = "0 10 12 * * *")
    public void run() {
        for (Coupon c : couponMapper.selectLocked(500)) {
            couponMapper.redeem(c.getId(), c.getVersion());
            couponMapper.incrementUsed(c.getBatchId());
        }
    }
}
