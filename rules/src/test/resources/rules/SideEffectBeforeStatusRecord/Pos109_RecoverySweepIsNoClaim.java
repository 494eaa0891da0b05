// The relay first puts rows a dead worker left in SENDING back to NEW (a set-based recovery sweep whose count it does
// not read), then sends each NEW row before marking it SENT. The sweep is no claim of the item, so the finding does not
// call it "the claim whose row count is never checked": nothing claims the row before the send.
package com.example.pos109;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.scheduling.annotation.Scheduled;

public class OutboxRelay {
    private final OutboxMapper mapper;
    private final KafkaTemplate<String, String> kafka;

    public OutboxRelay(OutboxMapper mapper, KafkaTemplate<String, String> kafka) {
        this.mapper = mapper;
        this.kafka = kafka;
    }

    @Scheduled(fixedDelay = 5_000)
    public void relay() {
        mapper.recoverStale();
        for (OutboxRow row : mapper.selectNew()) {
            kafka.send("events", row.payload()); // expect: IDEM001 "Nothing between makes a second run safe"
            mapper.markSent(row.id());
        }
    }
}

record OutboxRow(long id, String payload) {
}

@Mapper
interface OutboxMapper {
    @Update("UPDATE outbox SET status = 'NEW' WHERE status = 'SENDING' AND locked_at < NOW() - INTERVAL 5 MINUTE")
    int recoverStale();

    @Select("SELECT id, payload FROM outbox WHERE status = 'NEW'")
    List<OutboxRow> selectNew();

    @Update("UPDATE outbox SET status = 'SENT' WHERE id = #{id}")
    int markSent(long id);
}
