// An implicit retry whose rows are selected by a prefixed status column (push_status, not status): the selection
// reads the state through a column the catalog's statusColumns names with a pattern (*_status), in an annotation's
// SQL and with the id held in a local. The catch only prints the failure, so a row that always fails stays WAIT and
// is pushed again every run, forever. Finding at the catch.
package com.example.e006.pos28;

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
            } catch (Exception e) { // expect: IDEM006 "only logs"
                System.err.println("push failed " + id);
            }
        }
    }
}

interface InvoiceMapper {
    @Select("SELECT id, push_status FROM e_invoice WHERE push_status = 'WAIT' LIMIT 500")
    List<Invoice> selectUnpushed();

    @Update("UPDATE e_invoice SET push_status = 'PUSHED' WHERE id = #{id}")
    int markPushed(@Param("id") Long id);
}

class Invoice {
    private Long id;

    Long getId() {
        return id;
    }
}
