// The task arrives as a parameter: this method does not read its status, so the check is the caller's; not reported here.
package com.example.idem004.neg10;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestTemplate;

@Component
public class TaskHandler {

    private final TaskMapper taskMapper;

    public TaskHandler(TaskMapper taskMapper) {
        this.taskMapper = taskMapper;
    }

    public void onEvent(Task t) {
        if ("PENDING".equals(t.getStatus())) {
            taskMapper.updateStatus(t.getId(), "QUEUED");
        }
    }
}

@Mapper
interface TaskMapper {

    @Select("SELECT id, user_id, phone, amount, status FROM pay_task WHERE biz_date = CURRENT_DATE")
    List<Task> selectToday();

    @Select("SELECT id, user_id, phone, amount, status FROM pay_task WHERE id = #{id}")
    Task selectById(@Param("id") long id);

    @Update("UPDATE pay_task SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);

    @Update("UPDATE pay_task SET status = 'RUNNING' WHERE id = #{id} AND status = 'PENDING'")
    int markRunning(@Param("id") long id);
}

class Task {
    private Long id;
    private Long userId;
    private String phone;
    private BigDecimal amount;
    private String status;

    public Long getId() { return id; }
    public Long getUserId() { return userId; }
    public String getPhone() { return phone; }
    public BigDecimal getAmount() { return amount; }
    public String getStatus() { return status; }
    public void setStatus(String status) { this.status = status; }
}
