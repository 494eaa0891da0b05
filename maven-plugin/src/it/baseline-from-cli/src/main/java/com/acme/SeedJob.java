package com.acme;
import java.util.List;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.web.client.RestTemplate;
public class SeedJob {
    private TaskMapper taskMapper;
    private RestTemplate restTemplate;
    @Scheduled(fixedDelay = 60000)
    public void run() {
        for (Task t : taskMapper.selectByStatus("PENDING")) {
            doBusiness(t);
            taskMapper.updateStatus(t.getId(), "DONE");
        }
    }
    private void doBusiness(Task t) {
        restTemplate.postForObject("http://pay/charge", t, String.class);
    }
}
interface TaskMapper {
    List<Task> selectByStatus(String status);
    int updateStatus(long id, String status);
}
class Task { long id; long getId() { return id; } }
