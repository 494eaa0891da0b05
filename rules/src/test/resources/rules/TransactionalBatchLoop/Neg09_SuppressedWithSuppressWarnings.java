// The whole-batch transaction is intended (all rows or none) and the method says so with @SuppressWarnings("idemcheck:IDEM002"): no finding.
package com.example.idem002.neg09;

import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Service
public class AllOrNothingImport {

    private final TaskMapper taskMapper;

    public AllOrNothingImport(TaskMapper taskMapper) {
        this.taskMapper = taskMapper;
    }

    @Transactional
    @SuppressWarnings("idemcheck:IDEM002")
    public void importAll() {
        for (Task t : taskMapper.selectPending()) {
            taskMapper.updateStatus(t.getId(), "IMPORTED");
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
