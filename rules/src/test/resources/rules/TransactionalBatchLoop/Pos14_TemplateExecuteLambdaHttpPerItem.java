// A scheduled job runs its whole loop inside txTemplate.execute(status -> {..}) (a TransactionTemplate field not
// named after a transaction; the lambda runs inline, it is no executor hand-off): each invoice is pushed to
// the billing service over HTTP and marked SENT, all in one transaction (error: the HTTP calls are not rolled back).
package com.example.idem002.pos14;

import java.util.List;
import java.util.Map;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.web.client.RestTemplate;

@Component
public class InvoicePushJob {

    private final InvoiceMapper invoiceMapper;
    private final TransactionTemplate txTemplate;
    private final RestTemplate restTemplate;

    public InvoicePushJob(InvoiceMapper invoiceMapper, TransactionTemplate txTemplate,
                          RestTemplate restTemplate) {
        this.invoiceMapper = invoiceMapper;
        this.txTemplate = txTemplate;
        this.restTemplate = restTemplate;
    }

    @Scheduled(fixedDelay = 60000)
    public void push() {
        List<Invoice> invoices = invoiceMapper.selectUnsent();
        txTemplate.execute(status -> {
            for (Invoice inv : invoices) { // expect: IDEM002 "calls a remote service inside the transaction"
                restTemplate.postForObject("https://billing.example.com/invoices", Map.of("id", inv.getId()),
                        String.class);
                invoiceMapper.updateStatus(inv.getId(), "SENT");
            }
            return null;
        });
    }
}

@Mapper
interface InvoiceMapper {

    @Select("SELECT id, amount FROM invoice WHERE status = 'NEW'")
    List<Invoice> selectUnsent();

    @Update("UPDATE invoice SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

class Invoice {
    private Long id;

    public Long getId() { return id; }
}
