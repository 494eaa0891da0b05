// Three shapes that are not an increment gap: an absolute amount write (can_rebate = the computed total) repeats to the same value; a relative counter that is no amount (view_count + 1) is not money; and a relative credit in the same @Transactional method as the record commits or rolls back with it. No finding.
package com.example.neg77;

import java.math.BigDecimal;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.transaction.annotation.Transactional;

public class CommissionJobs {

    private final FlowMapper flows;
    private final DistributorMapper distributors;

    public CommissionJobs(FlowMapper flows, DistributorMapper distributors) {
        this.flows = flows;
        this.distributors = distributors;
    }

    @Scheduled(cron = "0 0 3 * * *")
    public void recompute() {
        for (Flow f : flows.selectWaiting()) {
            distributors.setRebate(f.getTotal(), f.getDistributorId());
            distributors.countView(f.getDistributorId());
            flows.markComplete(f.getId());
        }
    }

    @Transactional
    public void creditOne(Flow f) {
        distributors.addRebate(f.getCommission(), f.getDistributorId());
        flows.markComplete(f.getId());
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
    @Update("UPDATE distributor SET can_rebate = #{total} WHERE id = #{id}")
    void setRebate(@Param("total") BigDecimal total, @Param("id") Long id);

    @Update("UPDATE distributor SET view_count = view_count + 1 WHERE id = #{id}")
    void countView(@Param("id") Long id);

    @Update("UPDATE distributor SET can_rebate = IFNULL(can_rebate, 0) + #{amount} WHERE id = #{id}")
    void addRebate(@Param("amount") BigDecimal amount, @Param("id") Long id);
}

class Flow {
    private Long id;
    private Long distributorId;
    private BigDecimal commission;
    private BigDecimal total;

    public Long getId() { return id; }
    public Long getDistributorId() { return distributorId; }
    public BigDecimal getCommission() { return commission; }
    public BigDecimal getTotal() { return total; }
}
