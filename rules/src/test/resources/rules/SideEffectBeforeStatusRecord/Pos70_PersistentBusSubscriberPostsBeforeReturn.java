// A subscriber of a persistent (database-backed) bus forwards each event to a partner over HTTP; the bus marks the event processed only after the handler returns, so a crash between the post and that mark delivers the event again and the post repeats: finding on the post.
package com.example.pos70;

import org.killbill.commons.eventbus.Subscribe;
import org.springframework.web.client.RestTemplate;

public class PartnerEventForwarder {

    private final RestTemplate rest;

    public PartnerEventForwarder(RestTemplate rest) {
        this.rest = rest;
    }

    @Subscribe
    public void onInvoicePaid(InvoicePaid event) {
        String body = "{\"invoice\":\"" + event.invoiceNo() + "\"}";
        rest.postForEntity("https://partner.example.com/hooks", body, Void.class); // expect: IDEM001
    }
}

record InvoicePaid(String invoiceNo, long amount) {
}
