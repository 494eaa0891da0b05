// The entity names its table through its own constant (@TableName(value = Payout.TABLE)); t_payout has only its
// generated id: the finding is at the DDL of t_payout, not at the entity as if it declared a table "payout".
package com.example.pos16;

import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;
import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import java.math.BigDecimal;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Select;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

@Component
public class PayoutJob {

    private final PayoutMapper payouts;
    private final CommissionMapper commissions;

    public PayoutJob(PayoutMapper payouts, CommissionMapper commissions) {
        this.payouts = payouts;
        this.commissions = commissions;
    }

    @Scheduled(cron = "0 0 2 * * *")
    public void run() {
        for (Commission c : commissions.selectDue()) {
            Payout p = new Payout();
            p.setCommissionId(c.getId());
            p.setAmount(c.getAmount());
            payouts.insert(p);
        }
    }
}

@TableName(value = Payout.TABLE)
class Payout {
    static final String TABLE = "t_payout";

    @TableId(type = IdType.AUTO)
    private Long id;
    private Long commissionId;
    private BigDecimal amount;

    public void setCommissionId(Long v) { commissionId = v; }
    public void setAmount(BigDecimal v) { amount = v; }
}

class Commission {
    private Long id;
    private BigDecimal amount;
    public Long getId() { return id; }
    public BigDecimal getAmount() { return amount; }
}

@Mapper
interface PayoutMapper extends BaseMapper<Payout> {
}

@Mapper
interface CommissionMapper {
    @Select("SELECT id, amount FROM commission WHERE status = 'DUE'")
    List<Commission> selectDue();
}
