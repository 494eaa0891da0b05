// A lock service interface; its implementation takes a Redis SETNX lock through a private helper, runs the supplier
// it is given and deletes the key through another helper. The job charges each due invoice inside the supplier and
// marks it afterwards: the lock is the only guard. Finding at the service call.
package com.example.idem009.pos18;

import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.scheduling.annotation.Scheduled;

interface LockService {
    <T> T executeInLock(String key, Supplier<T> work);
}

class RedisLockService implements LockService {
    private final StringRedisTemplate redis;

    RedisLockService(StringRedisTemplate redis) {
        this.redis = redis;
    }

    private boolean acquire(String key) {
        Boolean ok = redis.opsForValue().setIfAbsent(key, "1", Duration.ofMinutes(5));
        return Boolean.TRUE.equals(ok);
    }

    private void dropKey(String key) {
        redis.delete(key);
    }

    @Override
    public <T> T executeInLock(String key, Supplier<T> work) {
        if (!acquire(key)) {
            return null;
        }
        try {
            return work.get();
        } finally {
            dropKey(key);
        }
    }
}

public class InvoiceJob {
    private final LockService lockService;
    private final InvoiceMapper mapper;
    private final PaymentGateway gateway;

    public InvoiceJob(LockService lockService, InvoiceMapper mapper, PaymentGateway gateway) {
        this.lockService = lockService;
        this.mapper = mapper;
        this.gateway = gateway;
    }

    @Scheduled(cron = "0 */5 * * * *")
    public void chargeDue() {
        lockService.executeInLock("invoice-job", () -> { // expect: IDEM009 "lockService.executeInLock()"
            for (Invoice inv : mapper.selectDue()) {
                gateway.charge(inv.getCustomer(), inv.getAmount());
                mapper.markCharged(inv.getId());
            }
            return null;
        });
    }
}

interface InvoiceMapper {
    @org.apache.ibatis.annotations.Select("SELECT * FROM invoice WHERE status = 'DUE'")
    List<Invoice> selectDue();

    @org.apache.ibatis.annotations.Update("UPDATE invoice SET status = 'CHARGED' WHERE id = #{id}")
    int markCharged(long id);
}

interface PaymentGateway {
    void charge(String customer, long amount);
}

class Invoice {
    long id;
    String customer;
    long amount;

    long getId() {
        return id;
    }

    String getCustomer() {
        return customer;
    }

    long getAmount() {
        return amount;
    }
}
