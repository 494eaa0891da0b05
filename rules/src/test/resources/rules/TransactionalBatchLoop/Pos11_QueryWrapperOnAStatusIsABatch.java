// The rows come from a query wrapper keyed on a status constant, not on anything the caller names: every expired
// coupon of the shop is closed in one transaction (warning: database work only).
package com.example.idem002.pos11;

import java.util.List;
import org.springframework.transaction.annotation.Transactional;

public class CouponExpiry {
    private final CouponDao coupons;

    public CouponExpiry(CouponDao coupons) {
        this.coupons = coupons;
    }

    @Transactional
    public void closeExpired() {
        CouponQuery q = new CouponQuery();
        q.eq("status", "EXPIRED");
        List<Coupon> list = coupons.list(q);
        for (Coupon c : list) { // expect: IDEM002
            coupons.updateClosed(c.getId());
        }
    }
}

class CouponQuery {
    void eq(String column, Object value) { }
}

interface CouponDao {
    List<Coupon> list(CouponQuery q);
    int updateClosed(long id);
}

class Coupon {
    private long id;
    long getId() { return id; }
}
