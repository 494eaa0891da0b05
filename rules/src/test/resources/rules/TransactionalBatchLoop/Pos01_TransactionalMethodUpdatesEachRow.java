// A @Transactional job method marks every selected row DONE inside one transaction: one failing row rolls back all of them (warning).
package com.example.idem002.pos01;

import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Service
public class ExpireTasksJob {

    private final TaskMapper taskMapper;

    public ExpireTasksJob(TaskMapper taskMapper) {
        this.taskMapper = taskMapper;
    }

    @Scheduled(cron = "0 0 1 * * *")
    @Transactional
    public void expireAll() {
        List<Task> tasks = taskMapper.selectPending();
        for (Task t : tasks) { // expect: IDEM002 "rolls back every item already done"
            taskMapper.insertLog(t.getId(), "expired");
            taskMapper.updateStatus(t.getId(), "EXPIRED");
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
