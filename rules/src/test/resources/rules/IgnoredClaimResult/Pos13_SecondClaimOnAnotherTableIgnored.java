// The task is claimed and checked, but the coupon it redeems is then taken with its own version-fenced update whose
// count is ignored: another task holding the same coupon redeems it too. Finding at the coupon update.
package com.example.p005.pos13;

import java.util.List;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;

public class RewardJob {

    private TaskMapper taskMapper;
    private CouponMapper couponMapper;

    public void run(List<Task> tasks) {
        for (Task t : tasks) {
            if (taskMapper.claim(t.getId()) != 1) {
                continue;
            }
            couponMapper.redeem(t.getCouponId(), t.getCouponVersion()); // expect: IDEM005
            couponMapper.addUsedCount(t.getBatchId());
        }
    }
}

interface TaskMapper {
    @Update("UPDATE reward_task SET status = 'RUNNING' WHERE id = #{id} AND status = 'PENDING'")
    int claim(@Param("id") long id);
}

interface CouponMapper {
    @Update("UPDATE coupon SET status = 'USED', version = version + 1 WHERE id = #{id} AND version = #{v}")
    int redeem(@Param("id") long id, @Param("v") long version);

    @Update("UPDATE coupon_batch SET used_count = used_count + 1 WHERE id = #{id}")
    int addUsedCount(@Param("id") long id);
}

class Task {
    private Long id;
    private Long couponId;
    private Long couponVersion;
    private Long batchId;

    public Long getId() { return id; }
    public Long getCouponId() { return couponId; }
    public Long getCouponVersion() { return couponVersion; }
    public Long getBatchId() { return batchId; }
}
