package com.example.noon.job;

import com.example.noon.client.NotificationClient;
import com.example.noon.mapper.NotificationMapper;
import java.util.Map;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Sends the SMS waiting in {@code notification_outbox}. Each row is claimed before the send, but a failed send
 * is simply put back to {@code PENDING}: there is no retry count and no dead state, so a row whose phone number
 * the SMS gateway always rejects is picked up again every minute, forever.
 */
@Component
public class NotificationRetryJob {

    private static final Log log = LogFactory.getLog(NotificationRetryJob.class);

    private final NotificationMapper notificationMapper;
    private final NotificationClient notificationClient;

    public NotificationRetryJob(NotificationMapper notificationMapper, NotificationClient notificationClient) {
        this.notificationMapper = notificationMapper;
        this.notificationClient = notificationClient;
    }

    @Scheduled(fixedDelay = 60_000)
    public void run() {
        for (Map<String, Object> n : notificationMapper.selectPending(100)) {
            long id = ((Number) n.get("id")).longValue();
            if (notificationMapper.markSending(id) != 1) {
                continue; // another run has it
            }
            try {
                notificationClient.sendSms((String) n.get("phone"), (String) n.get("text"));
                notificationMapper.updateStatus(id, "SENT");
            } catch (RuntimeException e) {
                log.warn("sms " + id + " failed, will try again", e);
                notificationMapper.updateStatus(id, "PENDING");
            }
        }
    }
}
