// Guava's in-memory EventBus records nothing and redelivers nothing: a post in its @Subscribe handler has no later acknowledgement for a crash to fall before, so no finding.
package com.example.neg70;

import com.google.common.eventbus.Subscribe;
import org.springframework.web.client.RestTemplate;

public class AuditForwarder {

    private final RestTemplate rest;

    public AuditForwarder(RestTemplate rest) {
        this.rest = rest;
    }

    @Subscribe
    public void onAudit(AuditEvent event) {
        rest.postForEntity("https://audit.example.com/events", event.text(), Void.class);
    }
}

record AuditEvent(String text) {
}
