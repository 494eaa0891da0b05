// Objects.equals(e.getState(), "NEW") on a loaded event row guards a Kafka publish: a concurrent relay publishes the same event too.
package com.example.idem004.pos03;

import java.util.List;
import java.util.Objects;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

@Component
public class OutboxRelay {

    private final EventMapper eventMapper;
    private final KafkaTemplate<String, String> kafkaTemplate;

    public OutboxRelay(EventMapper eventMapper, KafkaTemplate<String, String> kafkaTemplate) {
        this.eventMapper = eventMapper;
        this.kafkaTemplate = kafkaTemplate;
    }

    public void relay() {
        List<OutboxEvent> events = eventMapper.selectRecent();
        for (OutboxEvent e : events) {
            if (Objects.equals(e.getState(), "NEW")) { // expect: IDEM004
                kafkaTemplate.send("events", e.getPayload());
                eventMapper.updateState(e.getId(), "SENT");
            }
        }
    }
}

@Mapper
interface EventMapper {

    @Select("SELECT id, payload, state FROM outbox_event ORDER BY id LIMIT 200")
    List<OutboxEvent> selectRecent();

    @Update("UPDATE outbox_event SET state = #{state} WHERE id = #{id}")
    int updateState(@Param("id") long id, @Param("state") String state);
}

class OutboxEvent {
    private Long id;
    private String payload;
    private String state;

    public Long getId() { return id; }
    public String getPayload() { return payload; }
    public String getState() { return state; }
}
