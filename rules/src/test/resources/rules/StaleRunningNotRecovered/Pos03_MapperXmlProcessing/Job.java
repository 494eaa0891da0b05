package demo;

import org.springframework.scheduling.annotation.Scheduled;

public class Job {
    TaskMapper taskMapper;

    @Scheduled(fixedDelay = 1000)
    public void run() {
        for (Task t : taskMapper.selectPending()) {
            if (taskMapper.markProcessing(t.getId()) == 1) {
                taskMapper.markDone(t.getId());
            }
        }
    }
}
