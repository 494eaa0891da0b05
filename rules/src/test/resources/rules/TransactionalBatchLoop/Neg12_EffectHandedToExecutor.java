// Inside the @Transactional method the loop only hands each row to an executor: the work runs later on another thread, outside the transaction; no finding.
package com.example.idem002.neg12;

import java.util.concurrent.ExecutorService;
import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Service
public class DispatchJob {

    private final TaskMapper taskMapper;
    private final ExecutorService executor;

    public DispatchJob(TaskMapper taskMapper, ExecutorService executor) {
        this.taskMapper = taskMapper;
        this.executor = executor;
    }

    @Transactional
    public void dispatch() {
        for (Task t : taskMapper.selectPending()) {
            executor.submit(() -> taskMapper.updateStatus(t.getId(), "DONE"));
        }
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
