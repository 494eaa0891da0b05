// The loop iterates selected work rows; the status written after the loop is the job run's own bookkeeping (its run id parameter), not any row's state, so it is not the record that follows a row's effect (a fan-out is a loop over targets, not over work rows): no IDEM001 here.
package com.example.neg30;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.web.client.RestTemplate;

public class PayoutBatch {

    private final RestTemplate rest;
    private final PayoutMapper payouts;

    public PayoutBatch(RestTemplate rest, PayoutMapper payouts) {
        this.rest = rest;
        this.payouts = payouts;
    }

    public void run(long runId) {
        for (Payout p : payouts.selectPending()) {
            rest.postForObject("https://bank.example.com/payouts/" + runId, p.getAmount(), String.class);
        }
        payouts.updateRunStatus(runId, "FINISHED");
    }
}

@Mapper
interface PayoutMapper {

    @Select("SELECT id, amount FROM payout WHERE status = 'PENDING'")
    List<Payout> selectPending();

    @Update("UPDATE payout_run SET status = #{status} WHERE id = #{id}")
    int updateRunStatus(@Param("id") long id, @Param("status") String status);
}

class Payout {
    private long id;
    private long amount;

    public long getId() { return id; }
    public long getAmount() { return amount; }
}
