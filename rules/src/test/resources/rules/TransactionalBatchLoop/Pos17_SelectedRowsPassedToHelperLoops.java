// The @Transactional job selects the pending rows itself and hands the list to a helper, which hands it on to
// another; the last one loops over the list it was given and sends each item to a partner before marking it. The rows
// are a scan the transaction made, not a caller's aggregate: the whole batch runs in the job's one transaction (error
// at the call that hands the list down, once per call).
package com.example.idem002.pos17;

import java.util.List;
import java.util.Map;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.client.RestTemplate;

@Component
public class TaskBatchJob {

    private final TaskMapper mapper;
    private final RestTemplate rest;

    public TaskBatchJob(TaskMapper mapper, RestTemplate rest) {
        this.mapper = mapper;
        this.rest = rest;
    }

    @Scheduled(fixedDelay = 60000)
    @Transactional
    public void runBatch() {
        List<Task> ts = mapper.selectPending();
        processAll(ts); // expect: IDEM002 "loops over the rows its caller selected"
    }

    @Transactional
    public void runNested() {
        List<Task> ts = mapper.selectPending();
        forward(ts); // expect: IDEM002 "through TaskBatchJob.forward()"
    }

    @Transactional
    public void runInline() {
        processAll(mapper.selectPending()); // expect: IDEM002 "loops over the rows its caller selected"
    }

    void forward(List<Task> pending) {
        processAll(pending);
    }

    void processAll(List<Task> ts) {
        for (Task t : ts) {
            send(t);
            mark(t);
        }
    }

    void send(Task t) {
        rest.postForObject("https://partner.example.com/tasks", Map.of("id", t.getId()), String.class);
    }

    void mark(Task t) {
        mapper.markSent(t.getId());
    }
}

@Mapper
interface TaskMapper {

    @Select("SELECT id FROM task WHERE status = 'PENDING'")
    List<Task> selectPending();

    @Update("UPDATE task SET status = 'SENT' WHERE id = #{id}")
    int markSent(@Param("id") long id);
}

class Task {
    private Long id;

    public Long getId() { return id; }
}
