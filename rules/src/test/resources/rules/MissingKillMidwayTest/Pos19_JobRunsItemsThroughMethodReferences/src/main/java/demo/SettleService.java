package demo;

public class SettleService {
    TaskMapper taskMapper;
    PaymentClient paymentClient;

    public void settle(Task t) {
        paymentClient.charge(t.getUserId(), t.getAmount());
        taskMapper.updateStatus(t.getId(), "SETTLED");
    }
}
