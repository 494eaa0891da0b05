package demo;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

public class SettlePoller {
    ScheduledExecutorService executor;
    TaskMapper taskMapper;
    PaymentClient paymentClient;
    MailClient mailClient;

    public void start() { // expect: IDEM007 "SettlePoller.start() runs charge() before updateStatus()"
        executor.scheduleWithFixedDelay(() -> {
            for (Task t : taskMapper.selectPending()) {
                paymentClient.charge(t.getUserId(), t.getAmount());
                taskMapper.updateStatus(t.getId(), "DONE");
            }
        }, 0, 60, TimeUnit.SECONDS);
        executor.scheduleAtFixedRate(this::remind, 0, 1, TimeUnit.HOURS);
    }

    void remind() { // expect: IDEM007 "SettlePoller.remind() runs sendMail() before updateStatus()"
        for (Task t : taskMapper.selectUnreminded()) {
            mailClient.sendMail(t.getUserId(), "reminder");
            taskMapper.updateStatus(t.getId(), "REMINDED");
        }
    }
}
