// Daemon loops over an in-memory outbox: one relay sends each entry and drops it from the outbox (a relay, not a
// re-send), one counts the re-sends of each entry and gives up at a ceiling, and one copies entries into a local list
// (an in-memory add, not a send). No finding.
package com.example.e006.neg24;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

public class Relays extends Thread {

    private final Map<Integer, Event> outbox = new ConcurrentHashMap<>();
    private final Map<Integer, Event> pending = new ConcurrentHashMap<>();
    private MasterClient master;
    private volatile boolean stopped;

    @Override
    public void run() {
        while (!stopped) {
            try {
                Iterator<Map.Entry<Integer, Event>> it = outbox.entrySet().iterator();
                while (it.hasNext()) {
                    Event e = it.next().getValue();
                    master.sendEvent(e);
                    it.remove();
                }
                List<Event> copy = new ArrayList<>();
                for (Event e : pending.values()) {
                    copy.add(e);
                }
                Thread.sleep(1000L);
            } catch (InterruptedException ex) {
                return;
            }
        }
    }
}

class CountingResender extends Thread {

    private final Map<Integer, Event> unacked = new ConcurrentHashMap<>();
    private MasterClient master;
    private volatile boolean stopped;

    @Override
    public void run() {
        while (!stopped) {
            try {
                for (Event e : unacked.values()) {
                    if (e.getRetryTimes() >= 10) {
                        continue;
                    }
                    e.setRetryTimes(e.getRetryTimes() + 1);
                    master.sendEvent(e);
                }
                Thread.sleep(1000L);
            } catch (InterruptedException ex) {
                return;
            }
        }
    }
}

interface MasterClient {
    void sendEvent(Event event);
}

class Event {
    private int retryTimes;
    int getRetryTimes() { return retryTimes; }
    void setRetryTimes(int n) { retryTimes = n; }
}
