package demo;

import java.util.concurrent.locks.Lock;
import org.springframework.integration.support.locks.LockRegistry;

public class NotifyJob {
    LockRegistry lockRegistry;
    SmsClient smsClient;
    UserMapper userMapper;

    public void run() {
        Lock lock = lockRegistry.obtain("notify");
        if (lock.tryLock()) { // expect: IDEM009
            try {
                for (User u : userMapper.selectDue()) {
                    smsClient.sendSms(u.getPhone(), "due");
                }
            } finally {
                lock.unlock();
            }
        }
    }
}
