// An outbox relay sends each captured row, then deletes it by id: the DELETE is the record (the next poll no longer sees the row). A crash between them sends the row again: finding on send.
package com.example.pos45;

import java.util.List;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.scheduling.annotation.Scheduled;

public class CapturedEventRelay {

    private final JdbcTemplate jdbc;
    private final KafkaTemplate<String, String> kafka;

    public CapturedEventRelay(JdbcTemplate jdbc, KafkaTemplate<String, String> kafka) {
        this.jdbc = jdbc;
        this.kafka = kafka;
    }

    @Scheduled(fixedDelay = 2000)
    public void relay() {
        List<CapturedEvent> rows = jdbc.query("SELECT id, topic, body FROM captured_event ORDER BY id LIMIT 100",
                (rs, n) -> new CapturedEvent(rs.getLong("id"), rs.getString("topic"), rs.getString("body")));
        for (CapturedEvent row : rows) {
            kafka.send(row.topic(), row.body()); // expect: IDEM001 "jdbc.update() at line 25 records"
            jdbc.update("DELETE FROM captured_event WHERE id = ?", row.id());
        }
    }
}

record CapturedEvent(long id, String topic, String body) {
}
