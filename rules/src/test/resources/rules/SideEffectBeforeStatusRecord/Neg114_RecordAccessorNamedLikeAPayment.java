// A Java record's implicit accessors are reads of its components: s.payout() returns the amount the settlement pays
// out and s.chargeBack() another column; their names match the payment vocabulary (payout*, charge*), but no
// method is called that moves money. The loop only builds a report line in memory before the row is marked reported.
package com.example.neg114;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class PayoutReportJob {

    private final SettlementMapper settlements;
    private final ReportWriter writer = new ReportWriter();

    public PayoutReportJob(SettlementMapper settlements) {
        this.settlements = settlements;
    }

    @Scheduled(fixedDelay = 60_000)
    public void run() {
        for (Settlement s : settlements.selectPending()) {
            long amount = s.payout();
            String line = s.id() + ";" + amount + ";" + s.chargeBack();
            writer.remember(line);
            settlements.markReported(s.id());
        }
    }
}

record Settlement(long id, long payout, long chargeBack) {
}

class ReportWriter {
    private final StringBuilder sb = new StringBuilder();
    void remember(String line) { sb.append(line).append('\n'); }
}

@Mapper
interface SettlementMapper {
    @Select("SELECT id, payout, charge_back FROM t_settlement WHERE report_status = 'PENDING'")
    List<Settlement> selectPending();

    @Update("UPDATE t_settlement SET report_status = 'REPORTED' WHERE id = #{id}")
    int markReported(@Param("id") long id);
}
