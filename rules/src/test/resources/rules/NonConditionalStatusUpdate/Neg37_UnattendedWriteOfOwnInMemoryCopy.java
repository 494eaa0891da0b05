// A workflow engine thread owns its in-memory task instance and persists each state it moves to by id: nothing is
// read from storage before the write (the instance comes from the engine's own runnable, not a query), so there is
// no stored status another writer could change between a read and this write; a re-run writes the same state again.
// It runs unattended, but it is not a transition race; no finding.
package com.example.p003.neg37;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

@Component
public class TaskStateEngine {

    private TaskInstanceMapper taskInstanceMapper;
    private TaskRunnable runnable = new TaskRunnable();

    @Scheduled(fixedDelay = 1000)
    public void onDispatched() {
        TaskInstance taskInstance = runnable.getTaskInstance();
        taskInstance.setState("DISPATCHED");
        taskInstanceMapper.updateById(taskInstance); // no finding: the engine persists its own in-memory copy
    }
}

class TaskRunnable {
    private final TaskInstance taskInstance = new TaskInstance();

    TaskInstance getTaskInstance() {
        return taskInstance;
    }
}

interface TaskInstanceMapper extends BaseMapper<TaskInstance> {
}

class TaskInstance {
    private Long id;
    private String state;

    public void setState(String state) {
        this.state = state;
    }
}
