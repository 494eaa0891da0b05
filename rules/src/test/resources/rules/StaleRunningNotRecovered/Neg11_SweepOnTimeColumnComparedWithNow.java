// The claim moves rows to SENDING and stamps sending_since; a second scheduled method returns SENDING rows older than
// 15 minutes to QUEUED. The time column's name is the project's own, but it is compared with the database clock, so
// the sweep recovers stale rows; no finding.
package com.example.idem008.neg11;

import java.util.List;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;

public class ReminderWorker {

    private final JdbcTemplate jdbc;
    private final Sender sender;

    public ReminderWorker(JdbcTemplate jdbc, Sender sender) {
        this.jdbc = jdbc;
        this.sender = sender;
    }

    @Scheduled(fixedDelay = 30000)
    public void sendQueued() {
        List<Long> ids = jdbc.queryForList("SELECT id FROM reminder WHERE status = 'QUEUED' LIMIT 50", Long.class);
        for (Long id : ids) {
            int n = jdbc.update("UPDATE reminder SET status = 'SENDING', sending_since = NOW() WHERE id = ? AND status = 'QUEUED'", id);
            if (n != 1) {
                continue;
            }
            sender.send("reminder-" + id);
            jdbc.update("UPDATE reminder SET status = 'SENT' WHERE id = ? AND status = 'SENDING'", id);
        }
    }

    @Scheduled(fixedDelay = 300000)
    public void releaseStuck() {
        jdbc.update("UPDATE reminder SET status = 'QUEUED' WHERE status = 'SENDING' AND sending_since < NOW() - INTERVAL 15 MINUTE");
    }
}

interface Sender {
    void send(String key);
}
