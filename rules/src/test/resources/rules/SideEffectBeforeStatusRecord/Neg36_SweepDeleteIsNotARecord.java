// The row is sent, then a sweep deletes every row older than a week (by age, no row named): that DELETE records nothing about this item, so no record follows the send and no gap is reported: no finding.
package com.example.neg36;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.kafka.core.KafkaTemplate;

public class ExpiringRelay {

    private final JdbcTemplate jdbc;
    private final KafkaTemplate<String, String> kafka;

    public ExpiringRelay(JdbcTemplate jdbc, KafkaTemplate<String, String> kafka) {
        this.jdbc = jdbc;
        this.kafka = kafka;
    }

    public void forward(Envelope e) {
        kafka.send(e.topic(), e.body());
        jdbc.update("DELETE FROM envelope WHERE created_at < NOW() - INTERVAL 7 DAY");
    }
}

record Envelope(long id, String topic, String body) {
}
