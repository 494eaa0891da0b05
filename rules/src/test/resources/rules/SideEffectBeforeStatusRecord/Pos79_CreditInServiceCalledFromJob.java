// A nightly job hands each waiting flow to a service method that credits the distributor relative to the stored amount and then marks the distribution order complete, outside any transaction: finding on the credit in the service, whose related locations lead from the job's entry point (the @Scheduled method and its call) down to the service.
package com.example.pos79;

import java.math.BigDecimal;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class ProfitSharingJob {

    private final FlowMapper flows;
    private final DistributionOrderService orders;

    public ProfitSharingJob(FlowMapper flows, DistributionOrderService orders) {
        this.flows = flows;
        this.orders = orders;
    }

    @Scheduled(cron = "0 0 2 * * *")
    public void run() {
        List<Flow> waiting = flows.selectWaiting();
        for (Flow f : waiting) {
            orders.complete(f);
        }
    }
}

class DistributionOrderService {

    private final DistributorMapper distributors;
    private final DistributionOrderMapper orders;

    DistributionOrderService(DistributorMapper distributors, DistributionOrderMapper orders) {
        this.distributors = distributors;
        this.orders = orders;
    }

    void complete(Flow f) {
        distributors.addCanRebate(f.getRebate(), f.getDistributorId()); // expect: IDEM001
        orders.markComplete(f.getOrderId());
    }
}

@Mapper
interface FlowMapper {
    @Select("SELECT * FROM store_flow WHERE sharing_status = 'WAIT_COMPLETE'")
    List<Flow> selectWaiting();
}

@Mapper
interface DistributorMapper {
    @Update("UPDATE distributor SET commission_frozen = commission_frozen - #{rebate}, can_rebate = can_rebate + #{rebate} WHERE id = #{id}")
    void addCanRebate(@Param("rebate") BigDecimal rebate, @Param("id") Long id);
}

@Mapper
interface DistributionOrderMapper {
    @Update("UPDATE distribution_order SET order_status = 'COMPLETE' WHERE id = #{id}")
    void markComplete(@Param("id") Long id);
}

class Flow {
    private Long orderId;
    private Long distributorId;
    private BigDecimal rebate;

    public Long getOrderId() { return orderId; }
    public Long getDistributorId() { return distributorId; }
    public BigDecimal getRebate() { return rebate; }
}
