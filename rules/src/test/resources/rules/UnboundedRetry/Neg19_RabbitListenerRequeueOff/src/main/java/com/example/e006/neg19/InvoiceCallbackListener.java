// Safe twin of Pos19: default-requeue-rejected is false and retry is on, so a failing message is retried 3 times
// and then dropped to the dead-letter exchange.
package com.example.e006.neg19;

import java.util.Map;
import org.springframework.amqp.rabbit.annotation.RabbitListener;
import org.springframework.stereotype.Component;

@Component
public class InvoiceCallbackListener {
    private final InvoiceService invoices;

    public InvoiceCallbackListener(InvoiceService invoices) {
        this.invoices = invoices;
    }

    @RabbitListener(queues = "invoice.callback") 
    public void onCallback(Map<String, Object> body) {
        Object id = body.get("invoiceId");
        if (id == null) {
            throw new IllegalArgumentException("no invoiceId");
        }
        invoices.markPaid(Long.parseLong(id.toString()));
    }

    // catches everything itself: nothing reaches the container
    @RabbitListener(queues = "invoice.audit")
    public void onAudit(Map<String, Object> body) {
        try {
            invoices.audit(body.toString());
        } catch (Exception e) {
            System.err.println("audit failed: " + e);
        }
    }
}

interface InvoiceService {
    void markPaid(long id);
    void audit(String text);
}
