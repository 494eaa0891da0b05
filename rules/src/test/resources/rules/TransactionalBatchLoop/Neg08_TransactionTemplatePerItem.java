// No transaction around the batch; each item gets its own transactionTemplate.execute(..) inside the loop: no finding.
package com.example.idem002.neg08;

import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

@Component
public class PerItemJob {

    private final TaskMapper taskMapper;
    private final TransactionTemplate transactionTemplate;

    public PerItemJob(TaskMapper taskMapper, TransactionTemplate transactionTemplate) {
        this.taskMapper = taskMapper;
        this.transactionTemplate = transactionTemplate;
    }

    public void run() {
        for (Task t : taskMapper.selectPending()) {
            transactionTemplate.execute(status -> {
                taskMapper.insertLog(t.getId(), "done");
                return taskMapper.updateStatus(t.getId(), "DONE");
            });
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
