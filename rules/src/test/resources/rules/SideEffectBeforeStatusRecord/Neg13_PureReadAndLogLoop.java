// The loop only reads rows, sums amounts and logs: no side effect and no record, so nothing to report.
package com.example.neg13;

import java.math.BigDecimal;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

@Component
public class BacklogReportJob {

    private static final Logger log = LoggerFactory.getLogger(BacklogReportJob.class);

    private final TaskMapper taskMapper;

    public BacklogReportJob(TaskMapper taskMapper) {
        this.taskMapper = taskMapper;
    }

    @Scheduled(cron = "0 */5 * * * *")
    public void run() {
        List<SettlementTask> pending = taskMapper.selectByStatus("PENDING");
        BigDecimal total = BigDecimal.ZERO;
        for (SettlementTask t : pending) {
            total = total.add(t.getAmount());
            if (t.getAmount().compareTo(new BigDecimal("10000")) > 0) {
                log.warn("large pending settlement: task {} user {} amount {}", t.getId(), t.getUserId(), t.getAmount());
            }
        }
        log.info("backlog: {} pending tasks, {} in total", pending.size(), total);
    }
}

@Mapper
interface TaskMapper {

    @Select("SELECT id, user_id, amount FROM settlement_task WHERE status = #{status}")
    List<SettlementTask> selectByStatus(@Param("status") String status);
}

class SettlementTask {
    private Long id;
    private Long userId;
    private BigDecimal amount;

    public Long getId() { return id; }
    public Long getUserId() { return userId; }
    public BigDecimal getAmount() { return amount; }
}
