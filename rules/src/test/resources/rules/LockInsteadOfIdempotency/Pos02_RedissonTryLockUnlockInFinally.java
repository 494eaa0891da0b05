package demo;

import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;

public class SettleJob {
    RedissonClient redisson;
    PaymentClient paymentClient;
    TaskMapper taskMapper;

    public void run() throws InterruptedException {
        RLock lock = redisson.getLock("settle");
        if (!lock.tryLock(0, 600, java.util.concurrent.TimeUnit.SECONDS)) { // expect: IDEM009
            return;
        }
        try {
            for (Task t : taskMapper.selectPending()) {
                paymentClient.charge(t.getUserId(), t.getAmount());
                taskMapper.updateStatus(t.getId(), "DONE");
            }
        } finally {
            lock.unlock();
        }
    }
}
