package demo;

import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;

public class Job {
    RedissonClient redisson;
    SmsClient smsClient;
    CounterMapper counterMapper;

    public void run(String phone) {
        RLock lock = redisson.getLock("counter");
        lock.lock();
        try {
            counterMapper.increment();
        } finally {
            lock.unlock();
        }
        smsClient.sendSms(phone, "done");
    }
}
