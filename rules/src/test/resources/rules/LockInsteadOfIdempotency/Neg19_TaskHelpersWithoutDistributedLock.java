// Calls that take the send loop as a lambda but run it under no distributed lock: a project helper that only times
// the task; a project helper that takes a Redisson lock, releases it and only then runs the task; a project lock
// template over a JVM-local lock that delegates to its overload; and library calls on types that are not lock helpers
// (a job runner's run, a transaction template's execute). IDEM009 has nothing to say (the loop's gap is IDEM001's).
package com.example.idem009.neg19;

import com.acme.jobs.JobRunner;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.transaction.support.TransactionTemplate;

class Timing {
    void timed(String name, Runnable task) {
        long start = System.nanoTime();
        task.run();
        System.out.println(name + " took " + (System.nanoTime() - start));
    }
}

class LockThenRun {
    private final RedissonClient redisson;

    LockThenRun(RedissonClient redisson) {
        this.redisson = redisson;
    }

    void checkThenRun(String key, Runnable task) {
        RLock lock = redisson.getLock(key);
        lock.lock();
        try {
            System.out.println("holding " + key);
        } finally {
            lock.unlock();
        }
        task.run();
    }
}

class LocalLockTemplate {
    private final ReentrantLock lock = new ReentrantLock();

    void run(String key, Runnable task) {
        run(key, 30, task);
    }

    void run(String key, long seconds, Runnable task) {
        lock.lock();
        try {
            task.run();
        } finally {
            lock.unlock();
        }
    }
}

public class NoticeJobs {
    private final Timing timing;
    private final LockThenRun lockThenRun;
    private final LocalLockTemplate localLock;
    private final JobRunner jobRunner;
    private final TransactionTemplate tx;
    private final NoticeMapper mapper;
    private final SmsClient sms;

    public NoticeJobs(Timing timing, LockThenRun lockThenRun, LocalLockTemplate localLock, JobRunner jobRunner,
                      TransactionTemplate tx, NoticeMapper mapper, SmsClient sms) {
        this.timing = timing;
        this.lockThenRun = lockThenRun;
        this.localLock = localLock;
        this.jobRunner = jobRunner;
        this.tx = tx;
        this.mapper = mapper;
        this.sms = sms;
    }

    @Scheduled(fixedDelay = 30000)
    public void all() {
        timing.timed("notices", this::sendAll);
        lockThenRun.checkThenRun("notices", () -> sendAll());
        localLock.run("notices", () -> sendAll());
        jobRunner.run("notices", () -> sendAll());
        tx.execute(status -> {
            sendAll();
            return null;
        });
    }

    void sendAll() {
        for (Notice n : mapper.selectPending()) {
            sms.sendSms(n.getPhone(), n.getText());
            mapper.markSent(n.getId());
        }
    }
}

interface NoticeMapper {
    @org.apache.ibatis.annotations.Select("SELECT * FROM notice WHERE status = 'PENDING'")
    List<Notice> selectPending();

    @org.apache.ibatis.annotations.Update("UPDATE notice SET status = 'SENT' WHERE id = #{id}")
    int markSent(long id);
}

interface SmsClient {
    void sendSms(String phone, String text);
}

class Notice {
    long id;
    String phone;
    String text;

    long getId() {
        return id;
    }

    String getPhone() {
        return phone;
    }

    String getText() {
        return text;
    }
}
