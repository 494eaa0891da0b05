// Lock helpers from a library (no body in the project): a call named like one that runs its task under a lock
// (executeInLock, the catalog's lockedTaskCalls) and a run call on a lock template type (the catalog's
// lockTaskTypes). Both get the whole send loop as a lambda; the lock is the only guard. Two findings.
package com.example.idem009.pos19;

import com.acme.lock.DistributedLockExecutor;
import com.acme.lock.RedisLockTemplate;
import java.util.List;
import org.springframework.scheduling.annotation.Scheduled;

public class NoticeJobs {
    private final DistributedLockExecutor lockExecutor;
    private final RedisLockTemplate lockTemplate;
    private final NoticeMapper mapper;
    private final SmsClient sms;

    public NoticeJobs(DistributedLockExecutor lockExecutor, RedisLockTemplate lockTemplate, NoticeMapper mapper,
                      SmsClient sms) {
        this.lockExecutor = lockExecutor;
        this.lockTemplate = lockTemplate;
        this.mapper = mapper;
        this.sms = sms;
    }

    @Scheduled(fixedDelay = 30000)
    public void viaExecutor() {
        lockExecutor.executeInLock("notices", () -> { // expect: IDEM009 "lockedTaskCalls"
            for (Notice n : mapper.selectPending()) {
                sms.sendSms(n.getPhone(), n.getText());
                mapper.markSent(n.getId());
            }
        });
    }

    @Scheduled(fixedDelay = 30000)
    public void viaTemplate() {
        lockTemplate.run("notices", () -> { // expect: IDEM009 "lockTaskTypes"
            for (Notice n : mapper.selectPending()) {
                sms.sendSms(n.getPhone(), n.getText());
                mapper.markSent(n.getId());
            }
        });
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
