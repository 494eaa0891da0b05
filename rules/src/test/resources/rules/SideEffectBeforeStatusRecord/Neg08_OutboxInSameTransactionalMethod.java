// The order insert and the outbox row are written in the same per-item @Transactional method (another bean, so the proxy applies) as the DONE record; they commit or roll back together: no finding.
package com.example.neg08;

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
public class OrderSettlementJob {

    private final TaskMapper taskMapper;
    private final SettlementTxService settlementTxService;

    public OrderSettlementJob(TaskMapper taskMapper, SettlementTxService settlementTxService) {
        this.taskMapper = taskMapper;
        this.settlementTxService = settlementTxService;
    }

    @Scheduled(cron = "0 0 12 * * *")
    public void run() {
        for (SettlementTask t : taskMapper.selectByStatus("PENDING")) {
            settlementTxService.settleOne(t);
        }
    }
}

@Service
class SettlementTxService {

    private final OrderMapper orderMapper;
    private final OutboxMapper outboxMapper;
    private final TaskMapper taskMapper;

    SettlementTxService(OrderMapper orderMapper, OutboxMapper outboxMapper, TaskMapper taskMapper) {
        this.orderMapper = orderMapper;
        this.outboxMapper = outboxMapper;
        this.taskMapper = taskMapper;
    }

    @Transactional
    public void settleOne(SettlementTask t) {
        orderMapper.insertOrder(t.getId(), t.getUserId(), t.getAmount());
        outboxMapper.insertEvent("ORDER_CREATED", "order-created:" + t.getId(), "{\"taskId\":" + t.getId() + "}");
        taskMapper.updateStatus(t.getId(), "DONE");
    }
}

@Mapper
interface OrderMapper {

    @Insert("INSERT INTO t_order (task_id, user_id, amount, status) VALUES (#{taskId}, #{userId}, #{amount}, 'CREATED')")
    int insertOrder(@Param("taskId") Long taskId, @Param("userId") Long userId, @Param("amount") BigDecimal amount);
}

@Mapper
interface OutboxMapper {

    @Insert("INSERT INTO outbox_event (event_type, event_key, payload) VALUES (#{type}, #{key}, #{payload})")
    int insertEvent(@Param("type") String type, @Param("key") String key, @Param("payload") String payload);
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
