// MyBatis-Plus BaseMapper.insert(entity) from the job: the suggested key is the task id plus the business date.
package com.example.pos09;

import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;
import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Select;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

@Component
public class RefundJob {

    private final RefundMapper refunds;

    public RefundJob(RefundMapper refunds) {
        this.refunds = refunds;
    }

    @Scheduled(cron = "0 0 1 * * *")
    public void run() {
        for (Refund pending : refunds.selectPending()) {
            Refund r = new Refund();
            r.setTaskId(pending.getTaskId());
            r.setBizDate(LocalDate.now());
            r.setAmount(pending.getAmount());
            refunds.insert(r);
        }
    }
}

@TableName("t_refund")
class Refund {
    @TableId(type = IdType.AUTO)
    private Long id;
    private Long taskId;
    private LocalDate bizDate;
    private BigDecimal amount;

    public Long getTaskId() { return taskId; }
    public BigDecimal getAmount() { return amount; }
    public void setTaskId(Long v) { taskId = v; }
    public void setBizDate(LocalDate v) { bizDate = v; }
    public void setAmount(BigDecimal v) { amount = v; }
}

@Mapper
interface RefundMapper extends BaseMapper<Refund> {
    @Select("SELECT * FROM refund_task WHERE status = 'PENDING'")
    List<Refund> selectPending();
}
