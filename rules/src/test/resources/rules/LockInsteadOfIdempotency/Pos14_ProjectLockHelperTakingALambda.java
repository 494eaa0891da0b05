// The project's lock helper takes a Redisson lock, runs the task it is given and unlocks. The job passes the whole
// payout loop as a lambda: the lock is the only guard around a transfer per row, recorded after it. Finding at the
// helper call.
package com.example.idem009.pos14;

import java.util.List;
import java.util.function.Supplier;
import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;
import org.springframework.scheduling.annotation.Scheduled;

class ClusterLock {
    private final RedissonClient redisson;

    ClusterLock(RedissonClient redisson) {
        this.redisson = redisson;
    }

    <T> T callLocked(String name, Supplier<T> task) {
        RLock lock = redisson.getLock(name);
        lock.lock();
        try {
            return task.get();
        } finally {
            lock.unlock();
        }
    }
}

public class PayoutJob {
    private final ClusterLock clusterLock;
    private final PayoutMapper mapper;
    private final BankClient bank;

    public PayoutJob(ClusterLock clusterLock, PayoutMapper mapper, BankClient bank) {
        this.clusterLock = clusterLock;
        this.mapper = mapper;
        this.bank = bank;
    }

    @Scheduled(fixedDelay = 60000)
    public void payAll() {
        clusterLock.callLocked("payouts", () -> { // expect: IDEM009
            for (Payout p : mapper.selectApproved()) {
                bank.transfer(p.getAccount(), p.getAmount());
                mapper.markPaid(p.getId());
            }
            return null;
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
