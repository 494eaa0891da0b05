package demo;

import org.springframework.scheduling.annotation.Scheduled;

public class PublishJob {
    TaskMapper taskMapper;
    PaymentClient paymentClient;
    SettleService settleService;

    @Scheduled(fixedDelay = 60000)
    public void run() { // expect: IDEM007 "PublishJob.run() runs charge() before updateStatus() records the item (PublishJob.java line 21 then line 22)"
        taskMapper.selectPending().forEach(this::publish);
    }

    @Scheduled(cron = "0 0 2 * * *")
    public void settleAll() { // expect: IDEM007 "SettleService.java line"
        taskMapper.selectUnsettled().stream().filter(t -> t.getAmount() > 0).forEach(settleService::settle);
    }

    void publish(Task t) {
        paymentClient.charge(t.getUserId(), t.getAmount());
        taskMapper.updateStatus(t.getId(), "DONE");
    }
}
