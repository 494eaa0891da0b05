// The order insert and the DONE record run inside one per-item transactionTemplate.execute(...), so a crash rolls both back together: no finding.
package com.example.neg09;

import java.math.BigDecimal;
import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

@Component
public class OrderGenerationJob {

    private final TaskMapper taskMapper;
    private final OrderMapper orderMapper;
    private final TransactionTemplate transactionTemplate;

    public OrderGenerationJob(TaskMapper taskMapper, OrderMapper orderMapper, TransactionTemplate transactionTemplate) {
        this.taskMapper = taskMapper;
        this.orderMapper = orderMapper;
        this.transactionTemplate = transactionTemplate;
    }

    @Scheduled(cron = "0 0 12 * * *")
    public void run() {
        List<SettlementTask> tasks = taskMapper.selectByStatus("PENDING");
        for (SettlementTask t : tasks) {
            transactionTemplate.execute(status -> {
                orderMapper.insertOrder(t.getId(), t.getUserId(), t.getAmount());
                taskMapper.updateStatus(t.getId(), "DONE");
                return null;
            });
        }
    }
}

@Mapper
interface OrderMapper {

    @Insert("INSERT INTO t_order (task_id, user_id, amount, status) VALUES (#{taskId}, #{userId}, #{amount}, 'CREATED')")
    int insertOrder(@Param("taskId") Long taskId, @Param("userId") Long userId, @Param("amount") BigDecimal amount);
}

@Mapper
interface TaskMapper {

    @Select("SELECT id, user_id, amount FROM settlement_task WHERE status = #{status}")
    List<SettlementTask> selectByStatus(@Param("status") String status);

    @Update("UPDATE settlement_task SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

class SettlementTask {
    private Long id;
    private Long userId;
    private BigDecimal amount;

    public Long getId() { return id; }
    public Long getUserId() { return userId; }
    public BigDecimal getAmount() { return amount; }
}
