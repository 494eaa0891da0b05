// Each invoice looks up its price through a read-named project method that, on a cache miss, asks the pricing service (a message) to warm its cache; the lookup is a read, so the message is not the item's effect and the record after it closes no gap: no finding.
package com.example.neg44;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.scheduling.annotation.Scheduled;

public class InvoicePricer {

    private final InvoiceMapper invoices;
    private final PriceLookup prices;

    public InvoicePricer(InvoiceMapper invoices, PriceLookup prices) {
        this.invoices = invoices;
        this.prices = prices;
    }

    @Scheduled(fixedDelay = 60000)
    public void price() {
        for (Invoice i : invoices.selectUnpriced()) {
            long cents = prices.getCurrentPrice(i.getSku());
            invoices.markPriced(i.getId(), cents);
        }
    }
}

class PriceLookup {
    private final KafkaTemplate<String, String> kafka;

    PriceLookup(KafkaTemplate<String, String> kafka) {
        this.kafka = kafka;
    }

    long getCurrentPrice(String sku) {
        kafka.send("price-cache-warm", sku);
        return 0L;
    }
}

@Mapper
interface InvoiceMapper {
    @Select("SELECT id, sku FROM invoice WHERE status = 'NEW'")
    List<Invoice> selectUnpriced();

    @Update("UPDATE invoice SET status = 'PRICED', cents = #{cents} WHERE id = #{id}")
    int markPriced(@Param("id") long id, @Param("cents") long cents);
}

class Invoice {
    private long id;
    private String sku;

    public long getId() { return id; }
    public String getSku() { return sku; }
}
