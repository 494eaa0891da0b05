// @Column(unique = true) on the business column event_id: one notification per event.
package com.example.neg05;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

@Component
public class NotificationJob {

    private final NotificationRepository notifications;
    private final EventRepository events;

    public NotificationJob(NotificationRepository notifications, EventRepository events) {
        this.notifications = notifications;
        this.events = events;
    }

    @Scheduled(fixedDelay = 30000)
    public void run() {
        for (Event e : events.findByStatus("PENDING")) {
            Notification n = new Notification();
            n.setEventId(e.getId());
            n.setUserId(e.getUserId());
            notifications.save(n);
        }
    }
}

@Entity
@Table(name = "t_notification")
class Notification {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;
    @Column(name = "event_id", unique = true)
    private Long eventId;
    private Long userId;

    public void setEventId(Long v) { this.eventId = v; }
    public void setUserId(Long v) { this.userId = v; }
}

@Entity
class Event {
    @Id
    private Long id;
    private Long userId;
    private String status;
    public Long getId() { return id; }
    public Long getUserId() { return userId; }
}

interface NotificationRepository extends JpaRepository<Notification, Long> {
}

interface EventRepository extends JpaRepository<Event, Long> {
    List<Event> findByStatus(String status);
}
