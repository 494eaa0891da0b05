// A stream observer reconnects a lease keep-alive on error: scheduleRetry() carries no work item, nothing is put back in a queue.
package com.example.e006.neg14;

import java.util.concurrent.atomic.AtomicInteger;

public class LeaseKeeper {
    private final AtomicInteger retryCount = new AtomicInteger();

    public Observer observer() {
        return new Observer() {
            @Override
            public void onError(Throwable t) {
                scheduleRetry();
            }
        };
    }

    private void scheduleRetry() {
        int attempt = retryCount.incrementAndGet();
        System.out.println("reconnect " + attempt);
    }
}

interface Observer {
    void onError(Throwable t);
}
