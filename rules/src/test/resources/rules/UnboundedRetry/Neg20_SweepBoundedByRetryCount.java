// Safe: the sweep counts its put-backs and stops at five; the stale-lease sweep returns SENDING rows (not failed
// ones) and is IDEM008's recovery; an operator endpoint that re-queues failed rows on request is not a sweep.
package com.example.e006.neg20;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

public class ExportRetrySweep {
    private final JdbcTemplate jdbc;

    public ExportRetrySweep(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @Scheduled(fixedDelay = 600000)
    public void retryFailed() {
        jdbc.update("UPDATE export_job SET status = 'PENDING', retry_count = retry_count + 1 "
                + "WHERE status = 'FAILED' AND retry_count < 5");
    }

    @Scheduled(fixedDelay = 300000)
    public void releaseStale() {
        jdbc.update("UPDATE export_job SET status = 'PENDING' WHERE status = 'SENDING' AND sending_since < NOW() - INTERVAL 15 MINUTE");
    }
}

@RestController
class ExportAdminController {
    private final JdbcTemplate jdbc;

    ExportAdminController(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @PostMapping("/exports/retry-failed")
    public int retryFailed() {
        return jdbc.update("UPDATE export_job SET status = 'PENDING' WHERE status = 'FAILED'");
    }
}
