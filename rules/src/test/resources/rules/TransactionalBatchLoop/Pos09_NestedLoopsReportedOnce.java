// Nested loops inside one @Transactional method: reported once, at the outer loop.
package com.example.idem002.pos09;

import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Service
public class TenantCleanup {

    private final TaskMapper taskMapper;

    public TenantCleanup(TaskMapper taskMapper) {
        this.taskMapper = taskMapper;
    }

    @Transactional
    public void cleanup(List<Long> tenantIds) {
        for (Long tenant : tenantIds) { // expect: IDEM002
            for (Task t : taskMapper.selectPending()) {
                taskMapper.updateStatus(t.getId(), "CLEANED");
            }
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
