// The conditional claim is declared void: no caller can tell whether it won. Finding at the method name in the mapper,
// the call site is related.
package com.example.p005.pos04;

import java.util.List;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.scheduling.annotation.Scheduled;

public class OutboxPublisher {

    private OutboxMapper outboxMapper;
    private KafkaTemplate<String, String> kafka;

    @Scheduled(fixedDelay = 1000)
    public void publish() {
        for (Long id : outboxMapper.selectNewIds()) {
            outboxMapper.lockRow(id, "node-1");
            kafka.send("events", String.valueOf(id));
        }
    }
}

interface OutboxMapper {
    List<Long> selectNewIds();

    @Update("UPDATE outbox SET status = 'SENDING', locked_by = #{owner} WHERE id = #{id} AND status = 'NEW'")
    void lockRow(@Param("id") long id, @Param("owner") String owner); // expect: IDEM005 "declared void"
}
