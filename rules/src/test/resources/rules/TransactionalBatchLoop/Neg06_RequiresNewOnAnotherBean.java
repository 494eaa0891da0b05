// Each item is processed by a REQUIRES_NEW method of another bean: one transaction per item, no finding.
package com.example.idem002.neg06;

import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Component;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

@Service
public class CloseTasksJob {

    private final TaskMapper taskMapper;
    private final TaskCloser taskCloser;

    public CloseTasksJob(TaskMapper taskMapper, TaskCloser taskCloser) {
        this.taskMapper = taskMapper;
        this.taskCloser = taskCloser;
    }

    @Transactional
    public void closeAll() {
        for (Task t : taskMapper.selectPending()) {
            taskCloser.close(t);
        }
    }
}

@Component
class TaskCloser {

    private final TaskMapper taskMapper;

    TaskCloser(TaskMapper taskMapper) {
        this.taskMapper = taskMapper;
    }

    @Transactional(propagation = Propagation.REQUIRES_NEW)
    public void close(Task t) {
        taskMapper.updateStatus(t.getId(), "CLOSED");
    }
}

@Mapper
interface TaskMapper {

    @Select("SELECT id, user_id, status FROM batch_task WHERE status = 'PENDING' LIMIT 1000")
    List<Task> selectPending();

    @Update("UPDATE batch_task SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);

    @Insert("INSERT INTO batch_log (task_id, note) VALUES (#{taskId}, #{note})")
    int insertLog(@Param("taskId") long taskId, @Param("note") String note);
}

class Task {
    private Long id;
    private Long userId;
    private String status;

    public Long getId() { return id; }
    public Long getUserId() { return userId; }
    public String getStatus() { return status; }
    public void setStatus(String status) { this.status = status; }
}
