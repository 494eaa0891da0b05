// Found by a first-time user: a constant "key" declared inside the loop is the same for every item, so it is not an
// idempotency key derived from the item; the charge before the DONE record is still repeated on restart.
package com.example.pos33;

import java.math.BigDecimal;
import java.util.List;
import org.springframework.scheduling.annotation.Scheduled;

public class InvoiceJob {

    private InvoiceMapper invoiceMapper;
    private BillingClient billingClient;

    @Scheduled(fixedDelay = 60000)
    public void run() {
        for (Invoice inv : invoiceMapper.selectPending()) {
            String key = "charge";
            billingClient.charge(inv.getCustomerId(), inv.getAmount(), key); // expect: IDEM001
            invoiceMapper.markDone(inv.getId());
        }
    }
}

interface InvoiceMapper {
    List<Invoice> selectPending();

    int markDone(long id);
}

interface BillingClient {
    void charge(long customerId, BigDecimal amount, String idempotencyKey);
}

class Invoice {
    long id;
    long customerId;
    BigDecimal amount;

    long getId() {
        return id;
    }

    long getCustomerId() {
        return customerId;
    }

    BigDecimal getAmount() {
        return amount;
    }
}
