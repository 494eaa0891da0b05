package demo;

import org.springframework.scheduling.annotation.Scheduled;

public class Job {
    TaskMapper taskMapper;
    PaymentClient paymentClient;

    public Job(TaskMapper taskMapper, PaymentClient paymentClient) {
        this.taskMapper = taskMapper;
        this.paymentClient = paymentClient;
    }

    @Scheduled(fixedDelay = 60000)
    public void run() { // expect: IDEM007 "no test runs this job at all"
        for (Task t : taskMapper.selectPending()) {
            paymentClient.send(t.getUserId(), t.getAmount());
            taskMapper.updateStatus(t.getId(), "DONE");
        }
    }
}
