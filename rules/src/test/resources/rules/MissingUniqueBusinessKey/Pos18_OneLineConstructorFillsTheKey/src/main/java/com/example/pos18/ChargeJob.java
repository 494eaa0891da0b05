// The charge row is built by a constructor written on one line: its field assignments fill invoice_id and amount
// just as the same constructor written over three lines does.
package com.example.pos18;

import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.scheduling.annotation.Scheduled;
import javax.persistence.Entity;
import javax.persistence.GeneratedValue;
import javax.persistence.Id;
import javax.persistence.Table;

public class ChargeJob {

    private InvoiceRepository invoices;
    private ChargeRepository charges;

    @Scheduled(cron = "0 0 2 * * *")
    public void run() {
        for (Invoice inv : invoices.findAll()) {
            charges.save(new Charge(inv.getId(), inv.getAmount()));
        }
    }
}

class Invoice {
    private Long id;
    private Long amount;

    public Long getId() { return id; }
    public Long getAmount() { return amount; }
}

@Entity
@Table(name = "t_charge")
class Charge {
    @Id
    @GeneratedValue
    private Long id;
    private Long invoiceId;
    private Long amount;

    protected Charge() { }

    public Charge(Long invoiceId, Long amount) { this.invoiceId = invoiceId; this.amount = amount; }
}

interface InvoiceRepository extends JpaRepository<Invoice, Long> {
}

interface ChargeRepository extends JpaRepository<Charge, Long> {
}
