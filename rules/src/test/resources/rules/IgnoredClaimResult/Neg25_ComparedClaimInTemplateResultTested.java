// The claim's row count is compared inside the TransactionTemplate lambda and the template's Boolean result is
// tested before the invoice is posted: the claim decides. Silent in each spelling of the test.
package com.example.p005.neg25;

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
            Boolean won = transactionTemplate.execute(s -> mapper.claim(id) == 1);
            if (!Boolean.TRUE.equals(won)) {
                continue;
            }
            rest.postForObject("https://billing.example.com/invoices", id, String.class);
        }
    }

    public void runInline(List<Long> ids) {
        for (Long id : ids) {
            if (Boolean.TRUE.equals(transactionTemplate.execute(s -> mapper.claim(id) > 0))) {
                rest.postForObject("https://billing.example.com/invoices", id, String.class);
            }
        }
    }

    public void runNullable(List<Long> ids) {
        for (Long id : ids) {
            Boolean won = transactionTemplate.execute(s -> 0 < mapper.claim(id));
            if (won == null || !won) {
                continue;
            }
            rest.postForObject("https://billing.example.com/invoices", id, String.class);
        }
    }
}

interface BillMapper {
    @Update("UPDATE bill SET status = 'BILLING' WHERE id = #{id} AND status = 'OPEN'")
    int claim(@Param("id") long id);
}
