// A notification-queue handler (the queue marks the entry processed when the handler returns) reaches a Kafka send through a helper method that loops over the reminders; the finding is at the handler's call, its chain names the send.
package com.example.pos71;

import java.util.List;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.killbill.notificationq.api.NotificationQueueService.NotificationQueueHandler;

public class ReminderDueHandler implements NotificationQueueHandler {

    private final KafkaProducer<String, String> producer;

    public ReminderDueHandler(KafkaProducer<String, String> producer) {
        this.producer = producer;
    }

    @Override
    public void handleReadyNotification(Object key, Object eventDate, Object userToken, Long accountId, Long tenantId) {
        sendReminders(List.of("first", "second"), accountId); // expect: IDEM001
    }

    private void sendReminders(List<String> kinds, Long accountId) {
        for (String kind : kinds) {
            producer.send(new ProducerRecord<>("reminders", kind + ":" + accountId));
        }
    }
}
