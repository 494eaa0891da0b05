package demo;

import org.springframework.scheduling.annotation.Scheduled;

public class ChargeJob {
    TaskMapper taskMapper;
    PaymentClient paymentClient;

    public ChargeJob(TaskMapper taskMapper, PaymentClient paymentClient) {
        this.taskMapper = taskMapper;
        this.paymentClient = paymentClient;
    }

    @Scheduled(fixedDelay = 60000)
    public void run() {
        for (Task t : taskMapper.selectPending()) {
            paymentClient.charge(t.getUserId(), t.getAmount());
            taskMapper.updateStatus(t.getId(), "DONE");
        }
    }
}
