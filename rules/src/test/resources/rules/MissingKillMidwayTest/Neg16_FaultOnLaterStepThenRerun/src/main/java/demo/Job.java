package demo;

import org.springframework.scheduling.annotation.Scheduled;

public class Job {
    TaskMapper taskMapper;
    PaymentClient paymentClient;
    LedgerMapper ledgerMapper;

    public Job(TaskMapper taskMapper, PaymentClient paymentClient, LedgerMapper ledgerMapper) {
        this.taskMapper = taskMapper;
        this.paymentClient = paymentClient;
        this.ledgerMapper = ledgerMapper;
    }

    @Scheduled(fixedDelay = 60000)
    public void run() {
        for (Task t : taskMapper.selectPending()) {
            taskMapper.touch(t.getId());
            paymentClient.charge(t.getUserId(), t.getAmount());
            ledgerMapper.appendEntry(t.getId(), t.getAmount());
            taskMapper.updateStatus(t.getId(), "DONE");
        }
    }
}
