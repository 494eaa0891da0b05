// A worker keeps every event it sent to the master in a map until the master acks it, and a daemon thread re-sends
// the events still there every few minutes. Nothing counts the re-sends or drops an old entry: an event the master
// never acks is re-sent forever. Finding at the send.
package com.example.e006.pos24;

import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

public class EventResender extends Thread {

    private static final long WINDOW = 300_000L;
    private final Map<Integer, List<TaskEvent>> unacked = new ConcurrentHashMap<>();
    private MasterClient master;
    private volatile boolean stopped;

    public void ack(int taskId) {
        unacked.remove(taskId);
    }

    @Override
    public void run() {
        while (!stopped) {
            try {
                long now = System.currentTimeMillis();
                Iterator<Map.Entry<Integer, List<TaskEvent>>> it = unacked.entrySet().iterator();
                while (it.hasNext()) {
                    Map.Entry<Integer, List<TaskEvent>> entry = it.next();
                    List<TaskEvent> events = entry.getValue();
                    if (events.isEmpty()) {
                        it.remove();
                        continue;
                    }
                    for (TaskEvent event : events) {
                        if (now - event.getSentAt() > WINDOW) {
                            event.setSentAt(now);
                            master.sendEvent(event); // expect: IDEM006 "re-sent on every pass, forever"
                        }
                    }
                }
                Thread.sleep(1000L);
            } catch (InterruptedException e) {
                return;
            }
        }
    }
}

interface MasterClient {
    void sendEvent(TaskEvent event);
}

class TaskEvent {
    private long sentAt;
    long getSentAt() { return sentAt; }
    void setSentAt(long t) { sentAt = t; }
}
