// The claim runs inside TransactionTemplate.execute and its row count is the lambda's result, which the caller holds
// and checks before the work: an expression lambda, a block lambda returning the count, and a TransactionCallback
// whose doInTransaction returns it. The count decides; no finding.
package com.example.n005.neg24;

import java.util.List;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.support.TransactionCallback;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.web.client.RestTemplate;

public class BillingJob {

    private BillMapper mapper;
    private RestTemplate rest;
    private TransactionTemplate transactionTemplate;

    public void run(List<Long> ids) {
        for (Long id : ids) {
            Integer won = transactionTemplate.execute(s -> mapper.markBilled(id));
            if (won == null || won != 1) {
                continue;
            }
            rest.postForObject("https://billing.example.com/invoices", id, String.class);
        }
    }

    public void runBlock(List<Long> ids) {
        for (Long id : ids) {
            Integer won = transactionTemplate.execute(status -> {
                mapper.touch(id);
                return mapper.claim(id);
            });
            if (won == null || won != 1) {
                continue;
            }
            rest.postForObject("https://billing.example.com/invoices", id, String.class);
        }
    }

    public void runCallback(List<Long> ids) {
        for (Long id : ids) {
            Integer won = transactionTemplate.execute(new TransactionCallback<Integer>() {
                @Override
                public Integer doInTransaction(TransactionStatus status) {
                    return mapper.claim(id);
                }
            });
            if (won != null && won == 1) {
                rest.postForObject("https://billing.example.com/invoices", id, String.class);
            }
        }
    }
}

interface BillMapper {
    @Update("UPDATE bill SET status = 'BILLED' WHERE id = #{id} AND status = 'OPEN'")
    int markBilled(@Param("id") long id);

    @Update("UPDATE bill SET status = 'BILLING' WHERE id = #{id} AND status = 'OPEN'")
    int claim(@Param("id") long id);

    @Update("UPDATE bill SET touched_at = now() WHERE id = #{id}")
    int touch(@Param("id") long id);
}
