// The same mapper method writing the status from a parameter, but the job passes a final value (VOID): the row
// is not held in an in-progress state while work runs, so nothing needs recovering; no finding.
package com.example.idem008.neg23;

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

    static final String VOID = "VOID";

    private final InvoiceMapper mapper;
    private final TaxGateway gateway;

    public InvoiceIssuer(InvoiceMapper mapper, TaxGateway gateway) {
        this.mapper = mapper;
        this.gateway = gateway;
    }

    @Scheduled(fixedDelay = 60000)
    public void issueDrafts() {
        for (Long id : mapper.drafts()) {
            if (mapper.moveFromDraft(id, VOID) != 1) {
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
