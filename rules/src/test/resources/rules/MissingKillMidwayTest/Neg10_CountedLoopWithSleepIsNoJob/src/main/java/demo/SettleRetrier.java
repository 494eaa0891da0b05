package demo;

public class SettleRetrier {
    SettleService settleService;

    public void settleWithRetries(Task t) throws InterruptedException {
        int attempt = 0;
        while (attempt < 3) {
            settleService.settle(t);
            attempt++;
            Thread.sleep(1000);
        }
    }
}
