// A Quartz job closes expired coupons with a MyBatis-Plus LambdaUpdateWrapper that sets the status and matches only
// the id: finding at the wrapper's update call.
package com.example.p003.pos04;

import com.baomidou.mybatisplus.core.conditions.update.LambdaUpdateWrapper;
import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.quartz.Job;
import org.quartz.JobExecutionContext;

public class CouponExpireJob implements Job {

    private CouponMapper couponMapper;

    @Override
    public void execute(JobExecutionContext context) {
        List<Coupon> expired = couponMapper.selectExpired();
        for (Coupon c : expired) {
            couponMapper.update(null, new LambdaUpdateWrapper<Coupon>().set(Coupon::getStatus, "EXPIRED").eq(Coupon::getId, c.getId())); // expect: IDEM003
        }
    }
}

@Mapper
interface CouponMapper extends BaseMapper<Coupon> {
    List<Coupon> selectExpired();
}

class Coupon {
    private Long id;
    private String status;

    public Long getId() { return id; }
    public String getStatus() { return status; }
}
