// The per-item method is REQUIRES_NEW, but it is called on this: the call bypasses the Spring proxy, gets no transaction of its own and joins the batch (warning, and the message says why).
package com.example.idem002.pos06;

import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

@Service
public class CloseTasksService {

    private final TaskMapper taskMapper;

    public CloseTasksService(TaskMapper taskMapper) {
        this.taskMapper = taskMapper;
    }

    @Transactional
    public void closeAll() {
        for (Task t : taskMapper.selectPending()) { // expect: IDEM002 "does not go through the Spring proxy"
            this.closeOne(t);
        }
    }

    @Transactional(propagation = Propagation.REQUIRES_NEW)
    public void closeOne(Task t) {
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
