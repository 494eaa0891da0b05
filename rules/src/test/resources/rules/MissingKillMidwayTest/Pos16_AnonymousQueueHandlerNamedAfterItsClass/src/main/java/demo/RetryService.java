package demo;

import java.util.UUID;
import org.joda.time.DateTime;
import org.killbill.notificationq.api.NotificationEvent;
import org.killbill.notificationq.api.NotificationQueueService;
import org.killbill.notificationq.api.NotificationQueueService.NotificationQueueHandler;
import org.springframework.web.client.RestTemplate;

public class RetryService {
    RestTemplate restTemplate;

    public void start(NotificationQueueService queues) throws Exception {
        queues.createNotificationQueue("svc", "retry", new NotificationQueueHandler() {
            @Override
            public void handleReadyNotification(NotificationEvent event, DateTime at, UUID token, Long account, Long tenant) { // expect: IDEM007 "RetryService (anonymous class).handleReadyNotification() runs restTemplate.postForObject()"
                restTemplate.postForObject("https://hooks.example.com/retry", event, String.class);
            }
        });
    }
}
