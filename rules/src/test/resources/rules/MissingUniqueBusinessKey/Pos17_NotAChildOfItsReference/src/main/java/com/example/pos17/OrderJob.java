// The noon job inserts, per task, a gift order referring to the order (t_gift_order: named after no parent, so not a
// child table; a redelivery inserts a second gift) and an item row whose table has no column referring to its parent
// (t_order_item keyed by task_id only: one row per task, not a child of an order). Neither has a unique business
// key: two findings.
package com.example.pos17;

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
            long orderId = orderMapper.insertOrder(t.getId(), t.getUserId(), t.getAmount());
            orderMapper.insertGift(orderId, t.getUserId());
            orderMapper.insertItem(t.getId(), t.getUserId());
            taskMapper.updateStatus(t.getId(), "DONE");
        }
    }
}

@Mapper
interface OrderMapper {

    @Insert("INSERT INTO t_order (task_id, user_id, amount, status) VALUES (#{taskId}, #{userId}, #{amount}, 'CREATED')")
    long insertOrder(@Param("taskId") long taskId, @Param("userId") long userId, @Param("amount") BigDecimal amount);

    @Insert("INSERT INTO t_gift_order (order_id, user_id) VALUES (#{orderId}, #{userId})")
    int insertGift(@Param("orderId") long orderId, @Param("userId") long userId);

    @Insert("INSERT INTO t_order_item (task_id, user_id) VALUES (#{taskId}, #{userId})")
    int insertItem(@Param("taskId") long taskId, @Param("userId") long userId);
}

@Mapper
interface TaskMapper {

    @Select("SELECT id, user_id, amount FROM settlement_task WHERE status = #{status}")
    List<SettlementTask> selectByStatus(@Param("status") String status);

    @Update("UPDATE settlement_task SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

class Line {
    private long skuId;
    private int quantity;

    public long getSkuId() { return skuId; }
    public int getQuantity() { return quantity; }
}

class SettlementTask {
    private Long id;
    private Long userId;
    private BigDecimal amount;
    private List<Line> lines;

    public Long getId() { return id; }
    public Long getUserId() { return userId; }
    public BigDecimal getAmount() { return amount; }
    public List<Line> getLines() { return lines; }
}
