// The @Transactional job selects the pending tasks and hands them to a service, which first calls its loop helper
// with an empty list (a warm-up) and then with the selected rows. The helper reached the first time with no rows is
// no batch; reached again with the selected rows it is, and each task is posted inside the job's one transaction
// (error at the job's call).
package com.example.idem002.pos19;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Select;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.client.RestTemplate;

@Component
public class TaskPushJob {

    private final TaskMapper mapper;
    private final PushService service;

    public TaskPushJob(TaskMapper mapper, PushService service) {
        this.mapper = mapper;
        this.service = service;
    }

    @Scheduled(fixedDelay = 60000)
    @Transactional
    public void run() {
        List<Task> tasks = mapper.selectPending();
        service.sync(tasks); // expect: IDEM002
    }
}

@Service
class PushService {

    private final RestTemplate rest;

    PushService(RestTemplate rest) {
        this.rest = rest;
    }

    public void sync(List<Task> tasks) {
        processAll(new ArrayList<>());
        processAll(tasks);
    }

    private void processAll(List<Task> tasks) {
        for (Task t : tasks) {
            rest.postForObject("https://partner.example.com/tasks", Map.of("id", t.getId()), String.class);
        }
    }
}

@Mapper
interface TaskMapper {

    @Select("SELECT id FROM push_task WHERE status = 'PENDING'")
    List<Task> selectPending();
}

class Task {
    private Long id;

    public Long getId() { return id; }
}
