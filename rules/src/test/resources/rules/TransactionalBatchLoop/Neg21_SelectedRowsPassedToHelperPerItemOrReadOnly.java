// The @Transactional job selects the pending rows and hands the list to helpers, but each item commits on its own
// (the per-item work is a REQUIRES_NEW method of another bean), the helper given the list has its own REQUIRES_NEW
// transaction (checked on its own), or the loop only reads; and a list the caller was given (the children of one
// request) is the all-or-nothing that caller asked for: no finding at the calls.
package com.example.idem002.neg21;

import java.util.List;
import java.util.Map;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.client.RestTemplate;

@Component
public class TaskBatchJob {

    private static final Logger log = LoggerFactory.getLogger(TaskBatchJob.class);

    private final TaskMapper mapper;
    private final TaskSender sender;
    private final TaskBatchSender batchSender;

    public TaskBatchJob(TaskMapper mapper, TaskSender sender, TaskBatchSender batchSender) {
        this.mapper = mapper;
        this.sender = sender;
        this.batchSender = batchSender;
    }

    @Scheduled(fixedDelay = 60000)
    @Transactional
    public void runBatch() {
        List<Task> ts = mapper.selectPending();
        processAll(ts);
    }

    @Transactional
    public void runReport() {
        List<Task> ts = mapper.selectPending();
        logAll(ts);
    }

    @Transactional
    public void runOnItsOwn() {
        List<Task> ts = mapper.selectPending();
        batchSender.sendAll(ts);
    }

    void processAll(List<Task> ts) {
        for (Task t : ts) {
            sender.sendOne(t);
        }
    }

    void logAll(List<Task> ts) {
        for (Task t : ts) {
            log.info("pending {}", mapper.selectById(t.getId()).getId());
        }
    }
}

@Service
class TaskSender {

    private final TaskMapper mapper;
    private final RestTemplate rest;

    TaskSender(TaskMapper mapper, RestTemplate rest) {
        this.mapper = mapper;
        this.rest = rest;
    }

    @Transactional(propagation = Propagation.REQUIRES_NEW)
    public void sendOne(Task t) {
        rest.postForObject("https://partner.example.com/tasks", Map.of("id", t.getId()), String.class);
    }

}

@Service
class TaskBatchSender {

    private final TaskSender sender;

    TaskBatchSender(TaskSender sender) {
        this.sender = sender;
    }

    @Transactional(propagation = Propagation.REQUIRES_NEW)
    public void sendAll(List<Task> ts) {
        for (Task t : ts) {
            sender.sendOne(t);
        }
    }
}

@Service
class RequestService {

    private final RestTemplate rest;

    RequestService(RestTemplate rest) {
        this.rest = rest;
    }

    @Transactional
    public void submit(List<Task> given) {
        forwardAll(given);
    }

    void forwardAll(List<Task> given) {
        for (Task t : given) {
            rest.postForObject("https://partner.example.com/tasks", Map.of("id", t.getId()), String.class);
        }
    }
}

@Mapper
interface TaskMapper {

    @Select("SELECT id FROM task WHERE status = 'PENDING'")
    List<Task> selectPending();

    @Select("SELECT id FROM task WHERE id = #{id}")
    Task selectById(@Param("id") long id);

    @Update("UPDATE task SET status = 'SENT' WHERE id = #{id}")
    int markSent(@Param("id") long id);
}

class Task {
    private Long id;

    public Long getId() { return id; }
}
