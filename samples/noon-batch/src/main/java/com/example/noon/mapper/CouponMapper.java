package com.example.noon.mapper;

import com.example.noon.domain.Coupon;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

/** Access to {@code coupon} and {@code coupon_batch}. */
@Mapper
public interface CouponMapper {

    @Select("SELECT id, batch_id, version FROM coupon WHERE status = 'LOCKED' ORDER BY id LIMIT #{limit}")
    List<Coupon> selectLocked(@Param("limit") int limit);

    /** Optimistic lock: returns 0 when another run already redeemed the coupon (its version moved on). */
    @Update("UPDATE coupon SET status = 'USED', version = version + 1 WHERE id = #{id} AND version = #{version}")
    int redeem(@Param("id") long id, @Param("version") long version);

    @Update("UPDATE coupon_batch SET used_count = used_count + 1 WHERE id = #{batchId}")
    int incrementUsed(@Param("batchId") long batchId);
}
