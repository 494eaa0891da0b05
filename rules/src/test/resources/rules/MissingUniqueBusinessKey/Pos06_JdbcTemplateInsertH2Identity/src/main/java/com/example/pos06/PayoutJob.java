// A JdbcTemplate INSERT run by a Quartz-like scheduled method: the H2 IDENTITY id is the only key.
package com.example.pos06;

import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

@Component
public class PayoutJob {

    private final JdbcTemplate jdbc;

    public PayoutJob(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @Scheduled(fixedDelay = 60000)
    public void run() {
        List<Map<String, Object>> due = jdbc.queryForList("SELECT user_id, amount FROM balance WHERE amount > 0");
        for (Map<String, Object> row : due) {
            jdbc.update("INSERT INTO payout (user_id, amount, payout_day) VALUES (?, ?, CURRENT_DATE)",
                    row.get("user_id"), row.get("amount"));
        }
    }
}
