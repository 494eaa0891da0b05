// A dispatcher takes a job from an in-memory queue and, when dispatching fails, puts it back into the same queue with
// a delay. The failure counter grows but is never compared with a maximum: a job no worker accepts cycles forever.
package com.example.e006.pos17;

public class DispatchLooper implements Runnable {
    private final DelayQueueOfJobs waiting;
    private final Dispatcher dispatcher;
    private volatile boolean running = true;

    public DispatchLooper(DelayQueueOfJobs waiting, Dispatcher dispatcher) {
        this.waiting = waiting;
        this.dispatcher = dispatcher;
    }

    @Override
    public void run() {
        while (running) {
            dispatchOne();
        }
    }

    void dispatchOne() {
        Job job = waiting.takeJob();
        try {
            dispatcher.dispatch(job);
        } catch (Exception e) {
            long delay = job.increaseFailures() * 1000L;
            waiting.addWithDelay(job, delay); // expect: IDEM006 "back into"
        }
    }
}

interface DelayQueueOfJobs {
    Job takeJob();
    void addWithDelay(Job job, long delayMillis);
}

interface Dispatcher {
    void dispatch(Job job);
}

class Job {
    private int failures;
    int increaseFailures() { return ++failures; }
}
