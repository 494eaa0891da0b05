// A CommandLineRunner that re-queues failed tasks on start-up: setStatus then updateById of an entity with no version
// field; two instances starting together both re-queue, and a task a worker already picked up is reset.
package com.example.p003.pos07;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import java.util.List;
import org.springframework.boot.CommandLineRunner;
import org.springframework.stereotype.Component;

@Component
public class RequeueOnStartup implements CommandLineRunner {

    private TaskMapper taskMapper;

    @Override
    public void run(String... args) {
        List<Task> failed = taskMapper.selectFailed();
        for (Task task : failed) {
            task.setStatus(0);
            task.setRetryCount(task.getRetryCount() + 1);
            taskMapper.updateById(task); // expect: IDEM003
        }
    }
}

interface TaskMapper extends BaseMapper<Task> {
    List<Task> selectFailed();
}

class Task {
    private Long id;
    private Integer status;
    private Integer retryCount;

    public Long getId() { return id; }
    public void setStatus(Integer s) { this.status = s; }
    public Integer getRetryCount() { return retryCount; }
    public void setRetryCount(Integer r) { this.retryCount = r; }
}
