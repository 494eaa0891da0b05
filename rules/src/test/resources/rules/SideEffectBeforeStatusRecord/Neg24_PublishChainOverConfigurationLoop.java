// Seen in a gateway client's startup listener: for each configured namespace it publishes two registration events
// through a project publisher backed by a queue library. The loop is over configuration, not selected work rows, and
// the method is not a job: no chain finding.
package com.example.neg24;

import java.util.List;
import com.lmax.disruptor.RingBuffer;

public class ClientStartupListener {

    private final RegisterPublisher publisher = new RegisterPublisher();
    private List<String> namespaces;

    public void onStarted() {
        namespaces.forEach(ns -> {
            publisher.publishEvent("metadata:" + ns);
            publisher.publishEvent("uri:" + ns);
        });
    }
}

class RegisterPublisher {
    private RingBuffer<String> ring;

    void publishEvent(String event) {
        ring.publishEvent((slot, seq) -> { });
    }
}
