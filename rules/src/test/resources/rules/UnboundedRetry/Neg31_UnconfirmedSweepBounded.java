// The same sweeps with a ceiling: the selection stops at a try count, the loop parks a message at its ceiling, or
// only recent messages are re-sent (an age limit); and a relay of messages never sent before (status NEW) that marks
// each one sent is a first send, not a re-send of what waits for a confirm.
package com.example.e006.neg31;

import java.util.List;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.scheduling.annotation.Scheduled;

@Mapper
interface MessageLogMapper {
    @Select("SELECT id, exchange, routing_key, body FROM message_log WHERE confirm_status = 0 AND try_count < 3")
    List<MessageLog> selectUnconfirmedBelowCeiling();

    @Select("SELECT id, exchange, routing_key, body, try_count FROM broker_message WHERE confirm_status = 0")
    List<MessageLog> selectUnconfirmed();

    @Update("UPDATE broker_message SET try_count = try_count + 1 WHERE id = #{id}")
    int countTry(@Param("id") long id);

    @Update("UPDATE broker_message SET confirm_status = 2 WHERE id = #{id}")
    int markFailed(@Param("id") long id);

    @Select("SELECT id, topic, payload FROM outbox_event WHERE status = 'UNCONFIRMED' AND created_at > NOW() - INTERVAL 1 DAY")
    List<OutboxEvent> selectRecentWaiting();
}

public class MessageResendTask {
    private static final int MAX_TRIES = 3;
    private MessageLogMapper mapper;
    private RabbitTemplate rabbitTemplate;
    private KafkaTemplate<String, String> kafkaTemplate;

    @Scheduled(fixedDelay = 30000)
    public void resendBelowCeiling() {
        for (MessageLog log : mapper.selectUnconfirmedBelowCeiling()) {
            mapper.countTry(log.getId());
            rabbitTemplate.convertAndSend(log.getExchange(), log.getRoutingKey(), log.getBody());
        }
    }

    @Scheduled(fixedDelay = 30000)
    public void resendOrPark() {
        for (MessageLog log : mapper.selectUnconfirmed()) {
            if (log.getTryCount() >= MAX_TRIES) {
                mapper.markFailed(log.getId());
                continue;
            }
            mapper.countTry(log.getId());
            rabbitTemplate.convertAndSend(log.getExchange(), log.getRoutingKey(), log.getBody());
        }
    }

    @Scheduled(fixedDelay = 30000)
    public void republishRecent() {
        for (OutboxEvent e : mapper.selectRecentWaiting()) {
            kafkaTemplate.send(e.getTopic(), e.getPayload());
        }
    }
}
