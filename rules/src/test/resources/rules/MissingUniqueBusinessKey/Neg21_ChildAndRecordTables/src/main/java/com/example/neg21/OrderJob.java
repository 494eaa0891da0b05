// The noon job inserts one order per task (t_order has a unique key on task_id), the order's lines into
// t_order_item (several per order, keyed by order_id: a child table written with its parent, whose key guards a
// repeat), and a row per attempt into t_settle_record (an append-only record table). Neither child nor record table
// needs a unique business key of its own: no finding.
package com.example.neg21;

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
            for (Line l : t.getLines()) {
                orderMapper.insertItem(orderId, l.getSkuId(), l.getQuantity());
            }
            orderMapper.insertRecord(t.getId(), t.getAmount(), "CREATED");
            taskMapper.updateStatus(t.getId(), "DONE");
        }
    }
}

@Mapper
interface OrderMapper {

    @Insert("INSERT INTO t_order (task_id, user_id, amount, status) VALUES (#{taskId}, #{userId}, #{amount}, 'CREATED')")
    long insertOrder(@Param("taskId") long taskId, @Param("userId") long userId, @Param("amount") BigDecimal amount);

    @Insert("INSERT INTO t_order_item (order_id, sku_id, quantity) VALUES (#{orderId}, #{skuId}, #{quantity})")
    int insertItem(@Param("orderId") long orderId, @Param("skuId") long skuId, @Param("quantity") int quantity);

    @Insert("INSERT INTO t_settle_record (task_id, amount, result) VALUES (#{taskId}, #{amount}, #{result})")
    int insertRecord(@Param("taskId") long taskId, @Param("amount") BigDecimal amount, @Param("result") String result);
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
