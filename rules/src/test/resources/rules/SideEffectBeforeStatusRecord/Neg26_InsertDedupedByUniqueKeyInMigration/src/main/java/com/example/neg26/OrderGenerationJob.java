// The order insert writes task_id, and a migration makes task_id unique: a re-run hits the constraint instead of inserting a second order, so the insert deduplicates itself and is not an unprotected effect.
package com.example.neg26;

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
public class OrderGenerationJob {

    private final TaskMapper taskMapper;
    private final OrderMapper orderMapper;

    public OrderGenerationJob(TaskMapper taskMapper, OrderMapper orderMapper) {
        this.taskMapper = taskMapper;
        this.orderMapper = orderMapper;
    }

    @Scheduled(cron = "0 0 12 * * *")
    public void run() {
        for (SettlementTask t : taskMapper.selectByStatus("PENDING")) {
            Order order = new Order(t.getId(), t.getUserId(), t.getAmount());
            orderMapper.insertOrder(order);
            taskMapper.updateStatus(t.getId(), "DONE");
        }
    }
}

@Mapper
interface OrderMapper {

    @Insert("INSERT INTO t_order (task_id, user_id, amount, status) VALUES (#{taskId}, #{userId}, #{amount}, 'CREATED')")
    int insertOrder(Order o);
}

@Mapper
interface TaskMapper {

    @Select("SELECT id, user_id, amount FROM settlement_task WHERE status = #{status}")
    List<SettlementTask> selectByStatus(@Param("status") String status);

    @Update("UPDATE settlement_task SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

class Order {
    private final Long taskId;
    private final Long userId;
    private final BigDecimal amount;

    Order(Long taskId, Long userId, BigDecimal amount) {
        this.taskId = taskId;
        this.userId = userId;
        this.amount = amount;
    }

    public Long getTaskId() { return taskId; }
    public Long getUserId() { return userId; }
    public BigDecimal getAmount() { return amount; }
}

class SettlementTask {
    private Long id;
    private Long userId;
    private BigDecimal amount;

    public Long getId() { return id; }
    public Long getUserId() { return userId; }
    public BigDecimal getAmount() { return amount; }
}
