// The relay first returns stale SENDING rows to NEW with one set-based UPDATE (no row parameter), then claims each row
// with a checked conditional update. The sweep's count says how many rows were recovered, not who won a row; no
// IDEM005.
package com.example.idem005.neg19;

import java.util.List;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;

public class EventRelay {

    private final EventDao dao;
    private final Publisher publisher;

    public EventRelay(EventDao dao, Publisher publisher) {
        this.dao = dao;
        this.publisher = publisher;
    }

    @Scheduled(fixedDelay = 5000)
    public void relay() {
        dao.releaseStale();
        for (long id : dao.selectNew()) {
            if (dao.claim(id) != 1) {
                continue;
            }
            publisher.publish("event-" + id);
            dao.markSent(id);
        }
    }
}

class EventDao {

    private final JdbcTemplate jdbc;

    EventDao(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    List<Long> selectNew() {
        return jdbc.queryForList("SELECT id FROM event_outbox WHERE status = 'NEW' LIMIT 100", Long.class);
    }

    int claim(long id) {
        return jdbc.update("UPDATE event_outbox SET status = 'SENDING', locked_at = NOW() WHERE id = ? AND status = 'NEW'", id);
    }

    int markSent(long id) {
        return jdbc.update("UPDATE event_outbox SET status = 'SENT' WHERE id = ? AND status = 'SENDING'", id);
    }

    int releaseStale() {
        return jdbc.update("UPDATE event_outbox SET status = 'NEW' WHERE status = 'SENDING' AND locked_at < NOW() - INTERVAL 5 MINUTE");
    }
}

interface Publisher {
    void publish(String key);
}
