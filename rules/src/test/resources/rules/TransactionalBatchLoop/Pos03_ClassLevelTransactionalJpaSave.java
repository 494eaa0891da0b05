// @Transactional on the class covers the public job method; the loop saves every overdue invoice through a JPA repository (warning).
package com.example.idem002.pos03;

import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Service
@Transactional
public class OverdueInvoiceJob {

    private final InvoiceRepository invoiceRepository;

    public OverdueInvoiceJob(InvoiceRepository invoiceRepository) {
        this.invoiceRepository = invoiceRepository;
    }

    public void markOverdue() {
        List<Invoice> open = invoiceRepository.findByStatus("OPEN");
        for (Invoice inv : open) { // expect: IDEM002
            inv.setStatus("OVERDUE");
            invoiceRepository.save(inv);
        }
    }
}

interface InvoiceRepository extends JpaRepository<Invoice, Long> {
    List<Invoice> findByStatus(String status);
}

class Invoice {
    private Long id;
    private String status;

    public Long getId() { return id; }
    public String getStatus() { return status; }
    public void setStatus(String status) { this.status = status; }
}
