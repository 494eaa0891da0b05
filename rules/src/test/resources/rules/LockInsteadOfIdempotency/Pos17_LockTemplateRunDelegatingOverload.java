// The project's lock template runs the task it is given under a Redisson lock; its two-argument run delegates to the
// three-argument overload that takes the lock. The job hands the whole payout loop to it: the lock is the only guard
// around a transfer per row, recorded after it. Finding at the template call.
package com.example.idem009.pos17;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;
import org.springframework.scheduling.annotation.Scheduled;

class RedisLockTemplate {
    private final RedissonClient redissonClient;

    RedisLockTemplate(RedissonClient redissonClient) {
        this.redissonClient = redissonClient;
    }

    public void run(String key, Runnable task) {
        run(key, 30, task);
    }

    public void run(String key, long leaseSeconds, Runnable task) {
        RLock lock = redissonClient.getLock(key);
        boolean ok = false;
        try {
            ok = lock.tryLock(0, leaseSeconds, TimeUnit.SECONDS);
            if (ok) {
                task.run();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (ok) {
                lock.unlock();
            }
        }
    }
}

public class PayoutJob {
    private final RedisLockTemplate redisLockTemplate;
    private final PayoutMapper mapper;
    private final BankClient bank;

    public PayoutJob(RedisLockTemplate redisLockTemplate, PayoutMapper mapper, BankClient bank) {
        this.redisLockTemplate = redisLockTemplate;
        this.mapper = mapper;
        this.bank = bank;
    }

    @Scheduled(fixedDelay = 60000)
    public void payAll() {
        redisLockTemplate.run("payout-job", () -> { // expect: IDEM009 "redisLockTemplate.run()"
            for (Payout p : mapper.selectApproved()) {
                bank.transfer(p.getAccount(), p.getAmount());
                mapper.markPaid(p.getId());
            }
        });
    }
}

interface PayoutMapper {
    @org.apache.ibatis.annotations.Select("SELECT * FROM payout WHERE status = 'APPROVED'")
    List<Payout> selectApproved();

    @org.apache.ibatis.annotations.Update("UPDATE payout SET status = 'PAID' WHERE id = #{id}")
    int markPaid(long id);
}

interface BankClient {
    void transfer(String account, long amount);
}

class Payout {
    long id;
    String account;
    long amount;

    long getId() {
        return id;
    }

    String getAccount() {
        return account;
    }

    long getAmount() {
        return amount;
    }
}
