// Conditional transitions whose row counts are ignored, followed by work that is not theirs: a later, separate loop
// over another table's rows (timed-out orders after the expiring coupons), and, after a single batch close, a loop
// over pending notices fetched from their own table. The claim guards nothing of its own item; IDEM005 has nothing
// to say. No finding.
package com.example.idem005.neg23;

import java.util.List;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class Housekeeping {
    private CouponMapper couponMapper;
    private OrderMapper orderMapper;
    private BatchMapper batchMapper;
    private StockClient stockClient;

    @Scheduled(fixedDelay = 60000)
    public void expireAndCancel() {
        for (Coupon c : couponMapper.selectExpiring()) {
            couponMapper.expire(c.getId());
        }
        for (Order o : orderMapper.selectTimedOut()) {
            orderMapper.cancel(o.getId());
            stockClient.release(o.getSkuId());
        }
    }

    @Scheduled(fixedDelay = 60000)
    public void closeThenCancel(long batchId) {
        batchMapper.close(batchId);
        for (Order o : orderMapper.selectTimedOut()) {
            orderMapper.cancel(o.getId());
            stockClient.release(o.getSkuId());
        }
    }
}

interface CouponMapper {
    @Select("SELECT id FROM coupon WHERE status = 'NEW' AND end_time < now()")
    List<Coupon> selectExpiring();

    @Update("UPDATE coupon SET status = 'PROCESSING' WHERE id = #{id} AND status = 'NEW'")
    int expire(@Param("id") long id);
}

interface BatchMapper {
    @Update("UPDATE batch SET status = 'RUNNING' WHERE id = #{id} AND status = 'OPEN'")
    int close(@Param("id") long id);
}

interface OrderMapper {
    @Select("SELECT id, sku_id FROM orders WHERE status = 'UNPAID' AND created_at < now()")
    List<Order> selectTimedOut();

    @Update("UPDATE orders SET status = 'CANCELLED' WHERE id = #{id}")
    int cancel(@Param("id") long id);
}

interface StockClient {
    void release(long skuId);
}

class Coupon {
    long id;
    long getId() { return id; }
}

class Order {
    long id;
    long skuId;
    long getId() { return id; }
    long getSkuId() { return skuId; }
}
