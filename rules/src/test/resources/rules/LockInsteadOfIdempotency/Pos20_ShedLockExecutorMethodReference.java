// ShedLock's LockingTaskExecutor given the work as a method reference, cast to Runnable (the cast picks the overload),
// as a bare method reference, and as a lambda calling the method: the referenced method sends a reminder per due row
// and records it afterwards. Three findings, one per executeWithLock call.
package com.example.idem009.pos20;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import net.javacrumbs.shedlock.core.LockConfiguration;
import net.javacrumbs.shedlock.core.LockingTaskExecutor;
import org.springframework.scheduling.annotation.Scheduled;

public class ReminderJob {
    private final LockingTaskExecutor lockingTaskExecutor;
    private final ReminderMapper mapper;
    private final MailClient mail;

    public ReminderJob(LockingTaskExecutor lockingTaskExecutor, ReminderMapper mapper, MailClient mail) {
        this.lockingTaskExecutor = lockingTaskExecutor;
        this.mapper = mapper;
        this.mail = mail;
    }

    @Scheduled(cron = "0 * * * * *")
    public void castReference() {
        lockingTaskExecutor.executeWithLock((Runnable) this::sendDue, // expect: IDEM009 "ReminderJob.sendDue()"
                new LockConfiguration(Instant.now(), "reminders", Duration.ofMinutes(5), Duration.ZERO));
    }

    @Scheduled(cron = "20 * * * * *")
    public void bareReference() {
        lockingTaskExecutor.executeWithLock(this::sendDue, // expect: IDEM009
                new LockConfiguration(Instant.now(), "reminders", Duration.ofMinutes(5), Duration.ZERO));
    }

    @Scheduled(cron = "40 * * * * *")
    public void lambdaCall() {
        lockingTaskExecutor.executeWithLock(() -> sendDue(), // expect: IDEM009
                new LockConfiguration(Instant.now(), "reminders", Duration.ofMinutes(5), Duration.ZERO));
    }

    void sendDue() {
        for (Reminder r : mapper.selectDue()) {
            mail.sendMail(r.getEmail(), "reminder");
            mapper.markSent(r.getId());
        }
    }
}

interface ReminderMapper {
    @org.apache.ibatis.annotations.Select("SELECT * FROM reminder WHERE status = 'DUE'")
    List<Reminder> selectDue();

    @org.apache.ibatis.annotations.Update("UPDATE reminder SET status = 'SENT' WHERE id = #{id}")
    int markSent(long id);
}

interface MailClient {
    void sendMail(String to, String text);
}

class Reminder {
    long id;
    String email;

    long getId() {
        return id;
    }

    String getEmail() {
        return email;
    }
}
