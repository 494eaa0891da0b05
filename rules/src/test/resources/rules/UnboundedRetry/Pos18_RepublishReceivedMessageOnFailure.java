// The handler acks the message on success and otherwise publishes the same message back to the queue it came from,
// with no delivery count: a message that always fails circulates forever. The put-back is in a finally block.
package com.example.e006.pos18;

import java.util.List;

public class EventHandler {
    private final ActionRunner actions;

    public EventHandler(ActionRunner actions) {
        this.actions = actions;
    }

    public void handle(EventQueue queue, QueueMessage msg) {
        boolean failed = false;
        try {
            actions.run(msg.getPayload());
        } catch (Exception e) {
            failed = true;
        } finally {
            if (!failed) {
                queue.ack(List.of(msg));
            } else {
                queue.publish(List.of(msg)); // expect: IDEM006 "back to `queue`"
            }
        }
    }
}

interface EventQueue {
    void ack(List<QueueMessage> messages);
    void publish(List<QueueMessage> messages);
}

interface ActionRunner {
    void run(String payload);
}

class QueueMessage {
    private String payload;
    String getPayload() { return payload; }
}
