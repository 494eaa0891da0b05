// A set-based expiry sweep (every NEW coupon past its end time becomes EXPIRE) is not a claim of one row: its WHERE
// names no row, so its count says how many rows expired, not whether this caller won one. The delete that follows
// does not depend on who expired what.
package com.example.n005.neg20;

import com.baomidou.mybatisplus.core.conditions.update.LambdaUpdateWrapper;
import com.baomidou.mybatisplus.extension.service.IService;
import java.util.Date;

public class CouponExpiryJob {

    private MemberCouponService memberCouponService;

    public void execute() {
        LambdaUpdateWrapper<MemberCoupon> expire = new LambdaUpdateWrapper<MemberCoupon>()
                .eq(MemberCoupon::getStatus, "NEW")
                .le(MemberCoupon::getEndTime, new Date())
                .set(MemberCoupon::getStatus, "EXPIRE");
        memberCouponService.update(expire);
        LambdaUpdateWrapper<MemberCoupon> old = new LambdaUpdateWrapper<MemberCoupon>()
                .le(MemberCoupon::getEndTime, new Date(System.currentTimeMillis() - 30L * 86_400_000L));
        memberCouponService.remove(old);
    }
}

interface MemberCouponService extends IService<MemberCoupon> {
}

class MemberCoupon {
    private Long id;
    private String status;
    private Date endTime;

    public String getStatus() { return status; }
    public Date getEndTime() { return endTime; }
}
