// A daily job credits each completed flow's commission to the distributor with a relative UPDATE (can_rebate = IFNULL(can_rebate, 0) + amount), then marks the flow COMPLETE. Nothing is transactional: a crash between the two leaves the flow waiting, and the next run credits the same commission again: finding on the credit.
package com.example.pos77;

import java.math.BigDecimal;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class CommissionJob {

    private final FlowMapper flows;
    private final DistributorMapper distributors;

    public CommissionJob(FlowMapper flows, DistributorMapper distributors) {
        this.flows = flows;
        this.distributors = distributors;
    }

    @Scheduled(cron = "0 0 3 * * *")
    public void settle() {
        for (Flow f : flows.selectWaiting()) {
            distributors.addRebate(f.getCommission(), f.getDistributorId()); // expect: IDEM001 "adds to distributor.can_rebate again"
            flows.markComplete(f.getId());
        }
    }
}

@Mapper
interface FlowMapper {
    @Select("SELECT * FROM store_flow WHERE flow_status = 'WAITING'")
    List<Flow> selectWaiting();

    @Update("UPDATE store_flow SET flow_status = 'COMPLETE' WHERE id = #{id}")
    void markComplete(@Param("id") Long id);
}

@Mapper
interface DistributorMapper {
    @Update("UPDATE distributor SET can_rebate = (IFNULL(can_rebate, 0) + #{amount}) WHERE id = #{id}")
    void addRebate(@Param("amount") BigDecimal amount, @Param("id") Long id);
}

class Flow {
    private Long id;
    private Long distributorId;
    private BigDecimal commission;

    public Long getId() { return id; }
    public Long getDistributorId() { return distributorId; }
    public BigDecimal getCommission() { return commission; }
}
