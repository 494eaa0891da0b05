package demo;

import org.springframework.scheduling.annotation.Scheduled;

public class Job {
    PaymentClient paymentClient;
    TaskMapper taskMapper;

    @Scheduled(fixedDelay = 60000)
    public void run() {
        for (Task t : taskMapper.selectPending()) {
            paymentClient.charge(t.getUserId(), t.getAmount());
        }
    }
}
