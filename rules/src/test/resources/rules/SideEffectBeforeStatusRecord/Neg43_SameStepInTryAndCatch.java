// Each polled message is either postponed when the item is throttled, or postponed again from the catch when loading it fails: the same step on one path or the other, not a chain of two steps with no record: no finding.
package com.example.neg43;

import java.util.List;
import org.springframework.scheduling.annotation.Scheduled;

public class ThrottledPoller {

    private final DelayQueueClient queue;
    private final Throttle throttle;

    public ThrottledPoller(DelayQueueClient queue, Throttle throttle) {
        this.queue = queue;
        this.throttle = throttle;
    }

    @Scheduled(fixedDelay = 1000)
    public void poll() {
        List<String> ids = queue.pop("work", 10);
        for (String id : ids) {
            try {
                if (throttle.exceeded(id)) {
                    queue.pushLater("work", id, 30);
                    continue;
                }
                throttle.load(id);
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

interface Throttle {
    boolean exceeded(String id);

    void load(String id);
}
