package com.example.noon.job;

import com.example.noon.client.NotificationClient;
import com.example.noon.domain.SettlementTask;
import com.example.noon.mapper.TaskMapper;
import net.javacrumbs.shedlock.spring.annotation.SchedulerLock;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Every morning: text each user whose settlement failed. Several nodes run the scheduler, so the job
 * takes a ShedLock lock; that lock is all that stands between a text message and its repetition.
 * If the node dies halfway through the list, the lock expires after {@code lockAtMostFor} and the
 * next run (on any node) texts again everyone who was already texted: nothing records who got one.
 */
@Component
public class ArrearsReminderJob {

    private final TaskMapper taskMapper;
    private final NotificationClient notificationClient;

    public ArrearsReminderJob(TaskMapper taskMapper, NotificationClient notificationClient) {
        this.taskMapper = taskMapper;
        this.notificationClient = notificationClient;
    }

    @Scheduled(cron = "0 0 9 * * *")
    @SchedulerLock(name = "arrearsReminder", lockAtMostFor = "PT30M")
    public void run() {
        for (SettlementTask t : taskMapper.selectByStatus("FAILED", 0)) {
            notificationClient.sendSms(t.getPhone(),
                    "Your payment for " + t.getBizDate() + " did not go through; please update your card.");
        }
    }
}
