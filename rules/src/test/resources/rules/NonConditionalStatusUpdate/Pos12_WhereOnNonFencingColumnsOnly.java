// The WHERE clause names the id and the tenant, neither of which fences the transition: still blind.
package com.example.p003.pos12;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.kafka.annotation.KafkaListener;

public class PayoutConsumer {

    private JdbcTemplate jdbc;

    @KafkaListener(topics = "payout.result")
    public void onResult(String payoutNo, String tenant) {
        jdbc.update("UPDATE payout SET status = 'PAID' WHERE payout_no = ? AND tenant_id = ?", payoutNo, tenant); // expect: IDEM003 "matching only payout_no, tenant_id"
    }
}
