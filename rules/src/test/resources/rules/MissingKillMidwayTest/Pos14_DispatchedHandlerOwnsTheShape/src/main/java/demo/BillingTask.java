package demo;

public class BillingTask implements DailyTask {
    TaskMapper taskMapper;
    PaymentClient paymentClient;

    @Override
    public void execute() { // expect: IDEM007 "BillingTask.execute() runs charge() before updateStatus()"
        for (Task t : taskMapper.selectPending()) {
            paymentClient.charge(t.getUserId(), t.getAmount());
            taskMapper.updateStatus(t.getId(), "DONE");
        }
    }
}
