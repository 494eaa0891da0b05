// The project's lock helper takes a lock of this JVM (ReentrantLock), runs the task it is given and unlocks: it is
// not a distributed lock, so IDEM009 has nothing to say about it (the loop's own gap is IDEM001's). No finding.
package com.example.idem009.neg16;

import java.util.List;
import java.util.function.Supplier;
import java.util.concurrent.locks.ReentrantLock;
import org.springframework.scheduling.annotation.Scheduled;

class ClusterLock {
    private final ReentrantLock lock = new ReentrantLock();

    <T> T callLocked(String name, Supplier<T> task) {
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
        clusterLock.callLocked("payouts", () -> {
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
