// Reliable publishing without a ceiling: a scheduled sweep selects the messages the broker has not confirmed yet
// (confirm_status = 0, an UNCONFIRMED outbox row, acked = false) and publishes each again. A row leaves the selection
// only when its confirm arrives, so a message the broker keeps refusing (no such exchange, too large) is re-sent on
// every sweep, forever: no attempt count, no age limit (a grace period before the first re-send is none).
package com.example.e006.pos31;

import java.util.List;
import org.apache.ibatis.annotations.Select;
import org.springframework.amqp.rabbit.connection.CorrelationData;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.scheduling.annotation.Scheduled;

@Mapper
interface MessageLogMapper {
    @Select("SELECT id, exchange, routing_key, body FROM message_log WHERE confirm_status = 0 AND create_time < NOW() - INTERVAL 1 MINUTE")
    List<MessageLog> selectUnconfirmed();

    @Select("SELECT id, topic, payload FROM outbox_event WHERE status = 'UNCONFIRMED'")
    List<OutboxEvent> selectWaiting();
}

interface NotificationRepository extends JpaRepository<Notification, Long> {
    List<Notification> findByAckedFalse();
}

public class MessageResendTask {
    private MessageLogMapper mapper;
    private NotificationRepository notifications;
    private RabbitTemplate rabbitTemplate;
    private KafkaTemplate<String, String> kafkaTemplate;

    @Scheduled(fixedDelay = 30000)
    public void resendUnconfirmed() {
        List<MessageLog> logs = mapper.selectUnconfirmed();
        for (MessageLog log : logs) {
            rabbitTemplate.convertAndSend(log.getExchange(), log.getRoutingKey(), log.getBody(), // expect: IDEM006 "not confirmed"
                    new CorrelationData(String.valueOf(log.getId())));
        }
    }

    @Scheduled(fixedDelay = 30000)
    public void republishOutbox() {
        for (OutboxEvent e : mapper.selectWaiting()) {
            kafkaTemplate.send(e.getTopic(), e.getPayload()); // expect: IDEM006
        }
    }

    @Scheduled(cron = "0 */5 * * * *")
    public void renotify() {
        for (Notification n : notifications.findByAckedFalse()) {
            kafkaTemplate.send("notifications", n.getBody()); // expect: IDEM006
        }
    }
}
