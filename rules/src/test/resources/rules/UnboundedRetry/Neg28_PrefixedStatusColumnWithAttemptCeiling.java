// The same push over a prefixed status column, bounded: the selection keeps only rows with fewer than five
// attempts and the catch counts the attempt, so a row that always fails stops being selected. No finding.
package com.example.e006.neg28;

import java.util.List;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.web.client.RestTemplate;

public class InvoicePushJob {
    private final InvoiceMapper mapper;
    private final RestTemplate rest;

    public InvoicePushJob(InvoiceMapper mapper, RestTemplate rest) {
        this.mapper = mapper;
        this.rest = rest;
    }

    @Scheduled(fixedDelay = 30000)
    public void push() {
        for (Invoice inv : mapper.selectUnpushed()) {
            Long id = inv.getId();
            try {
                rest.postForObject("https://tax.example/invoices/" + id, null, String.class);
                mapper.markPushed(id);
            } catch (Exception e) {
                mapper.countFailedAttempt(id, e.getMessage());
            }
        }
    }
}

interface InvoiceMapper {
    @Select("SELECT id, push_status FROM e_invoice WHERE push_status = 'WAIT' AND push_attempts < 5 LIMIT 500")
    List<Invoice> selectUnpushed();

    @Update("UPDATE e_invoice SET push_status = 'PUSHED' WHERE id = #{id}")
    int markPushed(@Param("id") Long id);

    @Update("UPDATE e_invoice SET push_attempts = push_attempts + 1, last_error = #{error} WHERE id = #{id}")
    int countFailedAttempt(@Param("id") Long id, @Param("error") String error);
}

class Invoice {
    private Long id;

    Long getId() {
        return id;
    }
}
