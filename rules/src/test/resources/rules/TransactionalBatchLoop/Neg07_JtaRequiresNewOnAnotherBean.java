// JTA: the per-item method of another bean is @Transactional(value = TxType.REQUIRES_NEW): one transaction per item, no finding.
package com.example.idem002.neg07;

import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import org.springframework.stereotype.Component;
import org.springframework.stereotype.Service;

@Service
public class SettleJob {

    private final TaskMapper taskMapper;
    private final ItemSettler itemSettler;

    public SettleJob(TaskMapper taskMapper, ItemSettler itemSettler) {
        this.taskMapper = taskMapper;
        this.itemSettler = itemSettler;
    }

    @Transactional
    public void settleAll() {
        List<Task> tasks = taskMapper.selectPending();
        for (Task t : tasks) {
            itemSettler.settle(t);
        }
    }
}

@Component
class ItemSettler {

    private final TaskMapper taskMapper;

    ItemSettler(TaskMapper taskMapper) {
        this.taskMapper = taskMapper;
    }

    @Transactional(value = TxType.REQUIRES_NEW)
    public void settle(Task t) {
        taskMapper.updateStatus(t.getId(), "SETTLED");
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
