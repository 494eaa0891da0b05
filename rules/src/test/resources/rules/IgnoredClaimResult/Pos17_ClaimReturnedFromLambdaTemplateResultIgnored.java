// A block lambda returns the claim's row count to TransactionTemplate.execute, but the caller throws the template's
// result away (or holds it and never compares it): returning the count from the lambda decides nothing, and the
// invoice is posted whether or not the claim won. Findings at the claims.
package com.example.p005.pos17;

import java.util.List;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.web.client.RestTemplate;

public class BillingJob {

    private BillMapper mapper;
    private RestTemplate rest;
    private TransactionTemplate transactionTemplate;

    public void run(List<Long> ids) {
        for (Long id : ids) {
            transactionTemplate.execute(status -> {
                mapper.touch(id);
                return mapper.claim(id); // expect: IDEM005
            });
            rest.postForObject("https://billing.example.com/invoices", id, String.class);
        }
    }

    public void runHeld(List<Long> ids) {
        for (Long id : ids) {
            Integer won = transactionTemplate.execute(status -> {
                return mapper.claim(id); // expect: IDEM005
            });
            rest.postForObject("https://billing.example.com/invoices", id, String.class);
            System.out.println("claimed " + won);
        }
    }
}

interface BillMapper {
    @Update("UPDATE bill SET status = 'BILLING' WHERE id = #{id} AND status = 'OPEN'")
    int claim(@Param("id") long id);

    @Update("UPDATE bill SET touched_at = now() WHERE id = #{id}")
    int touch(@Param("id") long id);
}
