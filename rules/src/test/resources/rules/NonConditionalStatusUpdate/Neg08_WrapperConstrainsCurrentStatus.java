// The LambdaUpdateWrapper also matches the current status (eq(Task::getStatus, RUNNING)): conditional, no finding.
package com.example.n003.neg08;

import com.baomidou.mybatisplus.core.conditions.update.LambdaUpdateWrapper;
import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import java.util.List;
import org.springframework.scheduling.annotation.Scheduled;

public class StaleTaskSweeper {

    private TaskMapper taskMapper;

    @Scheduled(fixedDelay = 300000)
    public void sweep() {
        for (Task t : taskMapper.selectStale()) {
            LambdaUpdateWrapper<Task> w = new LambdaUpdateWrapper<Task>()
                    .set(Task::getStatus, "PENDING")
                    .eq(Task::getId, t.getId())
                    .eq(Task::getStatus, "RUNNING");
            taskMapper.update(null, w);
        }
    }
}

interface TaskMapper extends BaseMapper<Task> {
    List<Task> selectStale();
}

class Task {
    private Long id;
    private String status;

    public Long getId() { return id; }
    public String getStatus() { return status; }
}
