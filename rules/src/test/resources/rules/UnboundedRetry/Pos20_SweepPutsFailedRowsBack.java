// A scheduled sweep puts every FAILED export back to PENDING, with no retry count anywhere: an export that always
// fails is failed and put back every ten minutes, forever.
package com.example.e006.pos20;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;

public class ExportRetrySweep {
    private final JdbcTemplate jdbc;

    public ExportRetrySweep(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @Scheduled(fixedDelay = 600000)
    public void retryFailed() {
        jdbc.update("UPDATE export_job SET status = 'PENDING' WHERE status = 'FAILED'"); // expect: IDEM006 "puts failed rows back"
    }
}
