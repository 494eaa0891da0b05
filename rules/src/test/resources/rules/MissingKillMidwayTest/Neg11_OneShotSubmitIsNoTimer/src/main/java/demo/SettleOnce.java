package demo;

import java.util.concurrent.ExecutorService;

public class SettleOnce {
    ExecutorService executor;
    TaskMapper taskMapper;
    PaymentClient paymentClient;

    public void settle(Task t) {
        executor.submit(() -> {
            paymentClient.charge(t.getUserId(), t.getAmount());
            taskMapper.updateStatus(t.getId(), "DONE");
        });
    }
}
