// Safe: a job taken from the queue goes to a parking queue when it fails, and a message is forwarded to another
// queue (not acked on it: not its source). A bounded put-back compares the failure count and parks at the ceiling.
package com.example.e006.neg18;

import java.util.List;

public class DispatchLooper {
    private final JobQueue waiting;
    private final JobQueue parked;
    private final Dispatcher dispatcher;

    public DispatchLooper(JobQueue waiting, JobQueue parked, Dispatcher dispatcher) {
        this.waiting = waiting;
        this.parked = parked;
        this.dispatcher = dispatcher;
    }

    void dispatchOne() {
        Job job = waiting.takeJob();
        try {
            dispatcher.dispatch(job);
        } catch (Exception e) {
            parked.addWithDelay(job, 0L);
        }
    }

    void dispatchBounded() {
        Job job = waiting.takeJob();
        try {
            dispatcher.dispatch(job);
        } catch (Exception e) {
            if (job.increaseFailures() >= 5) {
                waiting.markDead(job);
            } else {
                waiting.addWithDelay(job, 1000L);
            }
        }
    }

    public void forward(JobQueue target, Job job) {
        target.addWithDelay(job, 0L);
    }
}

interface JobQueue {
    Job takeJob();
    void addWithDelay(Job job, long delayMillis);
    void markDead(Job job);
}

interface Dispatcher {
    void dispatch(Job job);
}

class Job {
    private int failures;
    int increaseFailures() { return ++failures; }
}
