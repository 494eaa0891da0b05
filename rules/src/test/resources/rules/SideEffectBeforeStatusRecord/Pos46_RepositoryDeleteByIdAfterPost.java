// A queue of pending webhooks kept as JPA entities: each is posted, then removed with deleteById. The removal is the record; a crash between them posts the webhook again: finding on the post.
package com.example.pos46;

import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.web.client.RestTemplate;

public class WebhookDrainJob {

    private final PendingWebhookRepository pending;
    private final RestTemplate rest;

    public WebhookDrainJob(PendingWebhookRepository pending, RestTemplate rest) {
        this.pending = pending;
        this.rest = rest;
    }

    @Scheduled(fixedDelay = 10000)
    public void drain() {
        for (PendingWebhook w : pending.findAll()) {
            rest.postForEntity(w.getUrl(), w.getPayload(), String.class); // expect: IDEM001
            pending.deleteById(w.getId());
        }
    }
}

interface PendingWebhookRepository extends JpaRepository<PendingWebhook, Long> {
    List<PendingWebhook> findAll();
}

class PendingWebhook {
    private Long id;
    private String url;
    private String payload;

    public Long getId() { return id; }
    public String getUrl() { return url; }
    public String getPayload() { return payload; }
}
