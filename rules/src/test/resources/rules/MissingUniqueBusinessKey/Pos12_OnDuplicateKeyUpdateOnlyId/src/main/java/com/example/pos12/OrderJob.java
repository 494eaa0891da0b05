// ON DUPLICATE KEY UPDATE never fires: no duplicate key exists but the id.
package com.example.pos12;

import java.math.BigDecimal;
import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

@Component
public class OrderJob {

    private final TaskMapper taskMapper;
    private final OrderMapper orderMapper;

    public OrderJob(TaskMapper taskMapper, OrderMapper orderMapper) {
        this.taskMapper = taskMapper;
        this.orderMapper = orderMapper;
    }

    @Scheduled(cron = "0 0 12 * * *")
    public void run() {
        for (SettlementTask t : taskMapper.selectByStatus("PENDING")) {
            orderMapper.insertOrder(t.getId(), t.getUserId(), t.getAmount());
            taskMapper.updateStatus(t.getId(), "DONE");
        }
    }
}

@Mapper
interface OrderMapper {

    @Insert("INSERT INTO t_order (task_id, user_id, amount, status) VALUES (#{taskId}, #{userId}, #{amount}, 'CREATED') ON DUPLICATE KEY UPDATE amount = VALUES(amount)")
    int insertOrder(@Param("taskId") long taskId, @Param("userId") long userId, @Param("amount") BigDecimal amount);
}

@Mapper
interface TaskMapper {

    @Select("SELECT id, user_id, amount, biz_date FROM settlement_task WHERE status = #{status}")
    List<SettlementTask> selectByStatus(@Param("status") String status);

    @Update("UPDATE settlement_task SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

class SettlementTask {
    private Long id;
    private Long userId;
    private BigDecimal amount;
    private java.time.LocalDate bizDate;

    public Long getId() { return id; }
    public Long getUserId() { return userId; }
    public BigDecimal getAmount() { return amount; }
    public java.time.LocalDate getBizDate() { return bizDate; }
}
