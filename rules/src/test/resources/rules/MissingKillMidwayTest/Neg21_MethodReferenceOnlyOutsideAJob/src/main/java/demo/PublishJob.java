package demo;

import java.util.ArrayList;
import java.util.List;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.web.bind.annotation.GetMapping;

public class PublishJob {
    TaskMapper taskMapper;
    PaymentClient paymentClient;

    // the job only collects ids through method references to getters and a list
    @Scheduled(fixedDelay = 60000)
    public void run() {
        List<Long> ids = new ArrayList<>();
        taskMapper.selectPending().stream().map(Task::getId).forEach(ids::add);
        taskMapper.markSeen(ids);
    }

    // the charging method is named by a method reference only in a method nothing unattended runs
    @GetMapping("/tasks/preview")
    public List<Long> preview() {
        List<Long> ids = new ArrayList<>();
        taskMapper.selectPending().forEach(this::publish);
        return ids;
    }

    void publish(Task t) {
        paymentClient.charge(t.getUserId(), t.getAmount());
        taskMapper.updateStatus(t.getId(), "DONE");
    }
}
