// An Azure Service Bus message (ServiceBusSenderClient.sendMessage, no message id derived from the row) goes out before the notification row is marked SENT: finding on sendMessage.
package com.example.pos36;

import com.azure.messaging.servicebus.ServiceBusMessage;
import com.azure.messaging.servicebus.ServiceBusSenderClient;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class NotificationPublisher {

    private final ServiceBusSenderClient sender;
    private final NotificationMapper notifications;

    public NotificationPublisher(ServiceBusSenderClient sender, NotificationMapper notifications) {
        this.sender = sender;
        this.notifications = notifications;
    }

    @Scheduled(cron = "0 */5 * * * *")
    public void publishPending() {
        for (Notification n : notifications.selectPending()) {
            sender.sendMessage(new ServiceBusMessage(n.getBody())); // expect: IDEM001
            notifications.markSent(n.getId());
        }
    }
}

@Mapper
interface NotificationMapper {

    @Select("SELECT id, body FROM notification WHERE status = 'PENDING'")
    List<Notification> selectPending();

    @Update("UPDATE notification SET status = 'SENT' WHERE id = #{id}")
    int markSent(@Param("id") long id);
}

class Notification {
    private long id;
    private String body;

    public long getId() { return id; }
    public String getBody() { return body; }
}
