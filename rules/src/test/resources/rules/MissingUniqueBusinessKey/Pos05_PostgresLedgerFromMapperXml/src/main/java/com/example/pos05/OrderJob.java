// A PostgreSQL ledger written through mapper XML from the job: BIGSERIAL id only.
package com.example.pos05;

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
    private LedgerMapper ledger;

    public OrderJob(TaskMapper taskMapper, OrderMapper orderMapper) {
        this.taskMapper = taskMapper;
        this.orderMapper = orderMapper;
    }

    @Scheduled(cron = "0 0 12 * * *")
    public void run() {
        for (SettlementTask t : taskMapper.selectByStatus("PENDING")) {
            ledger.insertEntry(t.getUserId(), t.getId(), t.getAmount());
            taskMapper.updateStatus(t.getId(), "DONE");
        }
    }
}

@Mapper
interface OrderMapper {
}

@Mapper
interface LedgerMapper {
    int insertEntry(@Param("accountId") long accountId, @Param("taskId") long taskId, @Param("amount") BigDecimal amount);
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
