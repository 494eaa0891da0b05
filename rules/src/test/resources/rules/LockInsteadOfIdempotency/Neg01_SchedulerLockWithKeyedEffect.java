package demo;

import io.idemcheck.runtime.IdempotencyKeys;
import net.javacrumbs.shedlock.spring.annotation.SchedulerLock;
import org.springframework.scheduling.annotation.Scheduled;

public class SettleJob {
    TaskMapper taskMapper;
    PaymentClient paymentClient;

    @Scheduled(cron = "0 0 12 * * *")
    @SchedulerLock(name = "settle")
    public void run() {
        for (Task t : taskMapper.selectPending()) {
            paymentClient.charge(t.getUserId(), t.getAmount(), IdempotencyKeys.of("charge", t.getId()));
            taskMapper.updateStatus(t.getId(), "DONE");
        }
    }
}
