// The claim runs inside TransactionTemplate.execute but its row count decides nothing: the template's result is
// thrown away (expression lambda), the block lambda returns something else than the count, or the caller holds the
// result and never compares it. The invoice is posted whether or not the claim won. Findings at the claims.
package com.example.p005.pos16;

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
            transactionTemplate.execute(s -> mapper.markBilled(id)); // expect: IDEM005
            rest.postForObject("https://billing.example.com/invoices", id, String.class);
        }
    }

    public void runBlock(List<Long> ids) {
        for (Long id : ids) {
            Boolean done = transactionTemplate.execute(status -> {
                mapper.claim(id); // expect: IDEM005
                return Boolean.TRUE;
            });
            if (done == null) {
                continue;
            }
            rest.postForObject("https://billing.example.com/invoices", id, String.class);
        }
    }

    public void runHeld(List<Long> ids) {
        for (Long id : ids) {
            Integer won = transactionTemplate.execute(s -> mapper.markBilled(id)); // expect: IDEM005
            rest.postForObject("https://billing.example.com/invoices", id, String.class);
            System.out.println(won);
        }
    }
}

interface BillMapper {
    @Update("UPDATE bill SET status = 'BILLED' WHERE id = #{id} AND status = 'OPEN'")
    int markBilled(@Param("id") long id);

    @Update("UPDATE bill SET status = 'BILLING' WHERE id = #{id} AND status = 'OPEN'")
    int claim(@Param("id") long id);
}
