// Deque.push is an in-memory JDK collection call, not a push notification, so pushing the task id before the record is no finding.
package com.example.neg11;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

@Component
public class ExpireTaskJob {

    private static final Logger log = LoggerFactory.getLogger(ExpireTaskJob.class);

    private final TaskMapper taskMapper;

    public ExpireTaskJob(TaskMapper taskMapper) {
        this.taskMapper = taskMapper;
    }

    @Scheduled(cron = "0 0 0 * * *")
    public void run() {
        Deque<Long> expired = new ArrayDeque<>();
        for (Task t : taskMapper.selectOverdue()) {
            expired.push(t.getId());
            taskMapper.updateStatus(t.getId(), "EXPIRED");
        }
        log.info("expired {} tasks, last {}", expired.size(), expired.peek());
    }
}

@Mapper
interface TaskMapper {

    @Select("SELECT id FROM task WHERE status = 'PENDING' AND deadline < NOW()")
    List<Task> selectOverdue();

    @Update("UPDATE task SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

class Task {
    private Long id;

    public Long getId() { return id; }
}
