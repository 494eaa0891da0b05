// The job claims an invoice by passing the in-progress value to a mapper method whose SQL writes the status from a
// parameter (SET state = #{state}). Nothing in the project returns stale DISPATCHING rows: a kill between the claim and
// the final write leaves the invoice DISPATCHING forever. Finding at the call that passes the value.
package com.example.idem008.pos16;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

@Mapper
interface InvoiceMapper {
    @Select("SELECT id FROM invoice WHERE state = 'DRAFT'")
    List<Long> drafts();

    @Update("UPDATE invoice SET state = #{state} WHERE id = #{id} AND state = 'DRAFT'")
    int moveFromDraft(@Param("id") long id, @Param("state") String newState);

    @Update("UPDATE invoice SET state = 'SENT_TO_TAX' WHERE id = #{id} AND state = 'DISPATCHING'")
    int issued(@Param("id") long id);
}

public class InvoiceIssuer {

    static final String DISPATCHING = "DISPATCHING";

    private final InvoiceMapper mapper;
    private final TaxGateway gateway;

    public InvoiceIssuer(InvoiceMapper mapper, TaxGateway gateway) {
        this.mapper = mapper;
        this.gateway = gateway;
    }

    @Scheduled(fixedDelay = 60000)
    public void issueDrafts() {
        for (Long id : mapper.drafts()) {
            if (mapper.moveFromDraft(id, DISPATCHING) != 1) { // expect: IDEM008
                continue;
            }
            gateway.register(id);
            mapper.issued(id);
        }
    }
}

interface TaxGateway {
    void register(long id);
}
