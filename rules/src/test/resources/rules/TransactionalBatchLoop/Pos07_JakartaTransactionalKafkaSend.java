// jakarta.transaction.Transactional on a bean method; each row is published to Kafka and marked inside one transaction, so a rollback leaves published messages for rows still PENDING (error).
package com.example.idem002.pos07;

import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import jakarta.transaction.Transactional;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Service;

@Service
public class EventRelay {

    private final TaskMapper taskMapper;
    private final KafkaTemplate<String, String> kafkaTemplate;

    public EventRelay(TaskMapper taskMapper, KafkaTemplate<String, String> kafkaTemplate) {
        this.taskMapper = taskMapper;
        this.kafkaTemplate = kafkaTemplate;
    }

    @Transactional
    public void relay() {
        List<Task> tasks = taskMapper.selectPending();
        for (Task t : tasks) { // expect: IDEM002 "sends a message"
            kafkaTemplate.send("task-events", String.valueOf(t.getId()));
            taskMapper.updateStatus(t.getId(), "SENT");
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
