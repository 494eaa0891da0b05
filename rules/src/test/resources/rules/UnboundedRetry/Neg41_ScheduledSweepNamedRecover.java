// A scheduled stale-lease sweep that happens to be named recover(): it returns RUNNING rows whose lease ran out to
// PENDING. It is the recovery of crashed workers (IDEM008's sweep), run on a timer, not a failure handler putting a
// failed item back: no finding, whatever the method is called.
package com.example.neg41;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;

public class SyncLeaseSweep {
    private final JdbcTemplate jdbc;

    public SyncLeaseSweep(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @Scheduled(fixedDelay = 60000)
    public void recover() {
        jdbc.update("UPDATE sync_task SET status = 'PENDING' WHERE status = 'RUNNING' AND locked_until < NOW()");
    }
}
