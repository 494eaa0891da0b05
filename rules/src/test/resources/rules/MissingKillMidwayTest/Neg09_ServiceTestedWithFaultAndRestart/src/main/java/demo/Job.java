package demo;

import org.springframework.scheduling.annotation.Scheduled;

public class Job {
    TaskMapper taskMapper;
    SettleService settleService;

    @Scheduled(cron = "0 0 12 * * *")
    public void run() {
        for (Task t : taskMapper.selectPending()) {
            settleService.settle(t);
        }
    }
}
