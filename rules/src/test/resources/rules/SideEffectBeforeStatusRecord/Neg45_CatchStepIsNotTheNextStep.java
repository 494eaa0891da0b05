// Each popped id is sent on, and only when that fails it is pushed back to the queue from the catch block: the push is failure handling for the item, not a second step after a successful send, so there is no unrecorded chain: no finding.
package com.example.neg45;

import java.util.List;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.web.client.RestTemplate;

public class ForwardingPoller {

    private final DelayQueueClient queue;
    private final RestTemplate rest;

    public ForwardingPoller(DelayQueueClient queue, RestTemplate rest) {
        this.queue = queue;
        this.rest = rest;
    }

    @Scheduled(fixedDelay = 1000)
    public void poll() {
        List<String> ids = queue.pop("work", 10);
        for (String id : ids) {
            try {
                rest.postForObject("https://downstream.example.com/work", id, String.class);
            } catch (RuntimeException e) {
                queue.pushLater("work", id, 5);
            }
        }
    }
}

interface DelayQueueClient {
    List<String> pop(String queue, int count);

    void pushLater(String queue, String id, int seconds);
}
