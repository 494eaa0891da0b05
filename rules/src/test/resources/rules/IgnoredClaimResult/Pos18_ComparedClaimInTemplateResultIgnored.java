// The claim's row count is compared inside the TransactionTemplate lambda (s -> mapper.claim(id) == 1), so the
// template hands back whether the claim won; but that Boolean is thrown away, or held and never tested. The invoice is
// posted whether or not the claim won: the comparison inside the lambda decides nothing by itself.
package com.example.p005.pos18;

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
            transactionTemplate.execute(s -> mapper.claim(id) == 1); // expect: IDEM005
            rest.postForObject("https://billing.example.com/invoices", id, String.class);
        }
    }

    public void runHeld(List<Long> ids) {
        for (Long id : ids) {
            Boolean won = transactionTemplate.execute(s -> mapper.claim(id) > 0); // expect: IDEM005
            rest.postForObject("https://billing.example.com/invoices", id, String.class);
            System.out.println(won);
        }
    }
}

interface BillMapper {
    @Update("UPDATE bill SET status = 'BILLING' WHERE id = #{id} AND status = 'OPEN'")
    int claim(@Param("id") long id);
}
