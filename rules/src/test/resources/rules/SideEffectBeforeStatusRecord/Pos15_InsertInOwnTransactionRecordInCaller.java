// The insert is @Transactional, but in its own service method that commits before the loop records DONE, so it is not in the same transaction as the record: finding on orderService.open(t).
package com.example.pos15;

import java.math.BigDecimal;
import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Component
public class OrderOpeningJob {

    private final TaskMapper taskMapper;
    private final OrderService orderService;

    public OrderOpeningJob(TaskMapper taskMapper, OrderService orderService) {
        this.taskMapper = taskMapper;
        this.orderService = orderService;
    }

    @Scheduled(cron = "0 0 12 * * *")
    public void run() {
        for (SettlementTask t : taskMapper.selectByStatus("PENDING")) {
            orderService.open(t); // expect: IDEM001
            taskMapper.updateStatus(t.getId(), "DONE");
        }
    }
}

@Service
class OrderService {

    private final OrderMapper orderMapper;

    OrderService(OrderMapper orderMapper) {
        this.orderMapper = orderMapper;
    }

    @Transactional
    public void open(SettlementTask t) {
        orderMapper.insertOrder(t.getId(), t.getUserId(), t.getAmount());
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
