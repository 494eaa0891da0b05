// A Rabbit listener that throws on a bad callback, with the container defaults (no retry, no dead-letter exchange,
// default-requeue-rejected not set): the message is requeued and redelivered at once, forever.
package com.example.e006.pos19;

import java.util.Map;
import org.springframework.amqp.rabbit.annotation.RabbitListener;
import org.springframework.stereotype.Component;

@Component
public class InvoiceCallbackListener {
    private final InvoiceService invoices;

    public InvoiceCallbackListener(InvoiceService invoices) {
        this.invoices = invoices;
    }

    @RabbitListener(queues = "invoice.callback") // expect: IDEM006 "rejected with requeue"
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
