// The whole loop sits inside one transactionTemplate.executeWithoutResult(..): every row is written in a single transaction (warning).
package com.example.idem002.pos05;

import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

@Component
public class ArchiveJob {

    private final TaskMapper taskMapper;
    private final TransactionTemplate transactionTemplate;

    public ArchiveJob(TaskMapper taskMapper, TransactionTemplate transactionTemplate) {
        this.taskMapper = taskMapper;
        this.transactionTemplate = transactionTemplate;
    }

    public void archive() {
        List<Task> tasks = taskMapper.selectPending();
        transactionTemplate.executeWithoutResult(status -> {
            for (Task t : tasks) { // expect: IDEM002
                taskMapper.insertLog(t.getId(), "archived");
                taskMapper.updateStatus(t.getId(), "ARCHIVED");
            }
        });
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
