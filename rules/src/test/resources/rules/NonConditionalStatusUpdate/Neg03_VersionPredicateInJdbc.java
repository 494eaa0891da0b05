// The job's UPDATE is fenced on a version column (optimistic lock): no finding.
package com.example.n003.neg03;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;

public class ReconcileJob {

    private JdbcTemplate jdbc;

    @Scheduled(cron = "0 0 2 * * *")
    public void run() {
        long id = 7L;
        int version = jdbc.queryForObject("SELECT version FROM recon WHERE id = ?", Integer.class, id);
        int n = jdbc.update("UPDATE recon SET status = 'DONE', version = version + 1 WHERE id = ? AND version = ?", id, version);
        if (n != 1) {
            throw new IllegalStateException("concurrent reconcile");
        }
    }
}
