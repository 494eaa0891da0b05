// Two fixed-name locks whose construction names other things than an item: a Curator mutex built from the client
// field and a constant path, and a ShedLock executor given the task as a lambda and a LockConfiguration with a constant
// name. Neither is keyed by an item: each is one lock per job around a loop (in a called method) that sends a reminder
// per row and then records it. Both are findings, and their messages name the loop, not a key.
package com.example.idem009.pos13;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import net.javacrumbs.shedlock.core.LockConfiguration;
import net.javacrumbs.shedlock.core.LockingTaskExecutor;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;
import org.springframework.scheduling.annotation.Scheduled;

public class ReminderJobs {

    private final CuratorFramework zk;
    private final LockingTaskExecutor executor;
    private final ReminderSender sender;

    public ReminderJobs(CuratorFramework zk, LockingTaskExecutor executor, ReminderSender sender) {
        this.zk = zk;
        this.executor = executor;
        this.sender = sender;
    }

    @Scheduled(cron = "0 * * * * *")
    public void viaZookeeper() throws Exception {
        InterProcessMutex mutex = new InterProcessMutex(zk, "/jobs/reminders");
        mutex.acquire(); // expect: IDEM009
        try {
            sender.sendAll();
        } finally {
            mutex.release();
        }
    }

    @Scheduled(cron = "30 * * * * *")
    public void viaShedLock() {
        executor.executeWithLock((Runnable) () -> sender.sendAll(), // expect: IDEM009
                new LockConfiguration(Instant.now(), "reminders", Duration.ofMinutes(5), Duration.ZERO));
    }
}

class ReminderSender {
    private final ReminderMapper mapper;
    private final MailClient mail;

    ReminderSender(ReminderMapper mapper, MailClient mail) {
        this.mapper = mapper;
        this.mail = mail;
    }

    void sendAll() {
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
