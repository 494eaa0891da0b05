package demo;

import org.springframework.scheduling.annotation.Scheduled;

class Job {
    TaskDao taskDao;
    PaymentClient paymentClient;

    @Scheduled(cron = "0 0 12 * * *")
    public void run() {
        for (Task t : taskDao.selectPending()) {
            paymentClient.charge(t.getUserId(), t.getAmount());
            taskDao.markDone(t.getId());
        }
    }
}
