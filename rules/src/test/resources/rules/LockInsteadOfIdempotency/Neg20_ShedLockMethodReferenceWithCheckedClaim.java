// ShedLock's executor runs a method reference (cast to Runnable) that claims each due row with a conditional update
// whose row count it checks before sending: the lock saves work, the claim makes each item safe. No finding.
package com.example.idem009.neg20;

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
    public void run() {
        lockingTaskExecutor.executeWithLock((Runnable) this::sendDue,
                new LockConfiguration(Instant.now(), "reminders", Duration.ofMinutes(5), Duration.ZERO));
    }

    void sendDue() {
        for (Reminder r : mapper.selectDue()) {
            if (mapper.claim(r.getId()) != 1) {
                continue;
            }
            mail.sendMail(r.getEmail(), "reminder");
            mapper.markSent(r.getId());
        }
    }
}

interface ReminderMapper {
    @org.apache.ibatis.annotations.Select("SELECT * FROM reminder WHERE status = 'DUE'")
    List<Reminder> selectDue();

    @org.apache.ibatis.annotations.Update("UPDATE reminder SET status = 'SENDING' WHERE id = #{id} AND status = 'DUE'")
    int claim(long id);

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
