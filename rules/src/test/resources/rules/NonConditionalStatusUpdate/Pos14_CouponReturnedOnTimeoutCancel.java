// Seen in an open-source shop (own words): the scheduled timeout cancel returns the order's coupon by selecting the
// member's coupon history with use_status = 1 and writing use_status = 0 by primary key; the user's own cancel can run
// the same code at the same time, and a coupon just used by another order can be handed back. Finding at the update.
package com.example.p003.pos14;

import java.util.List;
import org.springframework.scheduling.annotation.Scheduled;

public class OrderTimeoutCancelTask {

    private OrderService orderService;

    @Scheduled(cron = "0 0/10 * ? * ?")
    public void cancelTimeOutOrder() {
        orderService.cancelTimeOutOrder();
    }
}

class OrderService {

    private CouponHistoryMapper couponHistoryMapper;

    void cancelTimeOutOrder() {
        returnCoupon(1L, 2L);
    }

    private void returnCoupon(Long couponId, Long memberId) {
        CouponHistoryExample example = new CouponHistoryExample();
        example.createCriteria().andMemberIdEqualTo(memberId).andCouponIdEqualTo(couponId).andUseStatusEqualTo(1);
        List<CouponHistory> list = couponHistoryMapper.selectByExample(example);
        if (!list.isEmpty()) {
            CouponHistory h = list.get(0);
            h.setUseStatus(0);
            couponHistoryMapper.updateByPrimaryKeySelective(h); // expect: IDEM003 "runs unattended"
        }
    }
}

interface CouponHistoryMapper {
    List<CouponHistory> selectByExample(CouponHistoryExample example);

    int updateByPrimaryKeySelective(CouponHistory record);
}

class CouponHistoryExample {
    Criteria createCriteria() { return new Criteria(); }

    static class Criteria {
        Criteria andMemberIdEqualTo(Long v) { return this; }
        Criteria andCouponIdEqualTo(Long v) { return this; }
        Criteria andUseStatusEqualTo(Integer v) { return this; }
    }
}

class CouponHistory {
    private Long id;
    private Integer useStatus;

    public void setUseStatus(Integer v) { this.useStatus = v; }
}
