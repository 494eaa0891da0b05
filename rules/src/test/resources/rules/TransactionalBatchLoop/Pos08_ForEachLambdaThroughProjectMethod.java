// A forEach lambda in a @Transactional method hands each row to a helper on another bean that writes it (no REQUIRES_NEW): still one transaction for the batch (warning).
package com.example.idem002.pos08;

import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Component;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Service
public class RecalcJob {

    private final TaskMapper taskMapper;
    private final TaskWriter taskWriter;

    public RecalcJob(TaskMapper taskMapper, TaskWriter taskWriter) {
        this.taskMapper = taskMapper;
        this.taskWriter = taskWriter;
    }

    @Transactional
    public void recalc() {
        taskMapper.selectPending().forEach(t -> taskWriter.write(t)); // expect: IDEM002
    }
}

@Component
class TaskWriter {

    private final TaskMapper taskMapper;

    TaskWriter(TaskMapper taskMapper) {
        this.taskMapper = taskMapper;
    }

    @Transactional
    public void write(Task t) {
        taskMapper.insertLog(t.getId(), "recalculated");
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
