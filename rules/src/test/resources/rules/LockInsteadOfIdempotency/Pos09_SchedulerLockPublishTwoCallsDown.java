package demo;

import java.util.List;
import net.javacrumbs.shedlock.spring.annotation.SchedulerLock;
import org.springframework.jms.core.JmsTemplate;
import org.springframework.scheduling.annotation.Scheduled;

// The task only calls a service; the service loops over pending rows, publishes through a helper and records each
// row afterwards. The record happens two calls down, and the lock is still the only guard.
interface RejectedEnvelopeRepository {
    List<RejectedEnvelope> findPendingNotifications();

    void markNotificationSent(long id);
}

class NotificationPublisher {
    JmsTemplate jmsTemplate;

    void publish(String body) {
        jmsTemplate.convertAndSend("notifications", body);
    }
}

class NotificationService {
    RejectedEnvelopeRepository repository;
    NotificationPublisher publisher;

    void sendNotifications() {
        List<RejectedEnvelope> envelopes = repository.findPendingNotifications();
        envelopes.forEach(env -> {
            publisher.publish(env.toString());
            repository.markNotificationSent(env.getId());
        });
    }
}

public class SendNotificationsTask {
    NotificationService notificationService;

    @Scheduled(cron = "0 */5 * * * *")
    @SchedulerLock(name = "send-notifications") // expect: IDEM009 "for each env of envelopes"
    public void run() {
        notificationService.sendNotifications();
    }
}
