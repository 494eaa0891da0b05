// From a real report (own words): a job redeems a coupon with an optimistic-lock UPDATE (.. WHERE id = ? AND
// version = ?), ignores the row count, and goes on to update the dependent rows as if it had won; when another
// instance got there first, the grant and the batch counter are updated twice. Finding at the claim.
package com.example.p005.pos01;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;

public class CouponRedeemJob {

    private JdbcTemplate jdbc;

    @Scheduled(fixedDelay = 5000)
    public void run() {
        for (Coupon c : jdbc.query("SELECT id, version, batch_id FROM coupon WHERE status = 'LOCKED'", (rs, i) -> new Coupon())) {
            jdbc.update("UPDATE coupon SET status = 'USED', version = version + 1 WHERE id = ? AND version = ?", c.getId(), c.getVersion()); // expect: IDEM005 "row count is discarded"
            jdbc.update("UPDATE coupon_batch SET used_count = used_count + 1 WHERE id = ?", c.getBatchId());
        }
    }
}

class Coupon {
    private Long id;
    private Long version;
    private Long batchId;

    public Long getId() { return id; }
    public Long getVersion() { return version; }
    public Long getBatchId() { return batchId; }
}
