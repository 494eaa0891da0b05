// The table name is a statically imported constant (@TableName(value = LEDGER)); t_ledger_entry has a unique key on
// the settlement id: no finding.
package com.example.neg20;

import static com.example.neg20.db.TableNames.LEDGER;

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
public class LedgerJob {

    private final LedgerMapper ledger;
    private final SettlementMapper settlements;

    public LedgerJob(LedgerMapper ledger, SettlementMapper settlements) {
        this.ledger = ledger;
        this.settlements = settlements;
    }

    @Scheduled(cron = "0 30 0 * * *")
    public void run() {
        for (Settlement s : settlements.selectOpen()) {
            LedgerEntry e = new LedgerEntry();
            e.setSettlementId(s.getId());
            e.setAmount(s.getAmount());
            ledger.insert(e);
        }
    }
}

@TableName(value = LEDGER)
class LedgerEntry {
    @TableId(type = IdType.AUTO)
    private Long id;
    private Long settlementId;
    private BigDecimal amount;

    public void setSettlementId(Long v) { settlementId = v; }
    public void setAmount(BigDecimal v) { amount = v; }
}

class Settlement {
    private Long id;
    private BigDecimal amount;
    public Long getId() { return id; }
    public BigDecimal getAmount() { return amount; }
}

@Mapper
interface LedgerMapper extends BaseMapper<LedgerEntry> {
}

@Mapper
interface SettlementMapper {
    @Select("SELECT id, amount FROM settlement WHERE state = 'OPEN'")
    List<Settlement> selectOpen();
}
