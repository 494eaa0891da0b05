// A retry loop that gives up after a deadline: time-bounded.
package com.example.e006.neg02;

public class Poller {
    private final Remote remote;

    public Poller(Remote remote) {
        this.remote = remote;
    }

    public void confirm(long id) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 30_000L;
        while (true) {
            try {
                remote.confirm(id);
                break;
            } catch (RuntimeException e) {
                if (System.currentTimeMillis() > deadline) {
                    throw e;
                }
                Thread.sleep(1000L);
            }
        }
    }
}

interface Remote {
    void confirm(long id);
}
