// The completion is fenced on the owner (locked_by) that claimed the row: no finding.
package com.example.n003.neg11;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;

public class OutboxRelay {

    private JdbcTemplate jdbc;
    private String workerId = "w1";

    @Scheduled(fixedDelay = 1000)
    public void relay() {
        for (Long id : jdbc.queryForList("SELECT id FROM outbox WHERE status = 'NEW' LIMIT 100", Long.class)) {
            jdbc.update("UPDATE outbox SET status = 'SENT' WHERE id = ? AND locked_by = ?", id, workerId);
        }
    }
}
