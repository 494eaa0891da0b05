// The twins of Pos14 that are no retried effect: a failed send is logged and the job dropped (nothing gives it back
// to the queue); a retried call through the same class-literal proxy only reads the job's state (getJobState); and a
// retried call on an injected WorkerApi field reaches the implementation in these sources, which runs in this process
// and only counts (an @RpcService interface is remote only through a proxy, or with no implementation here).
package com.example.e010.neg15;

public class JobDispatcher {
    private final JobQueue queue;
    private final FailureLog failures;
    private final WorkerApi localWorker;

    public JobDispatcher(JobQueue queue, FailureLog failures, WorkerApi localWorker) {
        this.queue = queue;
        this.failures = failures;
        this.localWorker = localWorker;
    }

    public void dispatchLocally() {
        PendingJob job = queue.takeJob();
        try {
            localWorker.runJob(new RunRequest(job.payload()));
        } catch (RuntimeException e) {
            queue.offerWithDelay(job, 5_000L);
        }
    }

    public void dispatchNext() {
        PendingJob job = queue.takeJob();
        try {
            Proxies.forService(WorkerApi.class).onHost(job.host()).runJob(new RunRequest(job.payload()));
        } catch (RuntimeException e) {
            failures.record(job.payload(), e.getMessage());
        }
    }

    public void pollState() {
        PendingJob job = queue.takeJob();
        try {
            Proxies.forService(WorkerApi.class).onHost(job.host()).getJobState(job.id());
        } catch (RuntimeException e) {
            queue.offerWithDelay(job, 5_000L);
        }
    }
}

@RpcService
interface WorkerApi {
    RunResponse runJob(RunRequest request);

    JobState getJobState(long jobId);
}

@interface RpcService {
}

class InProcessWorker implements WorkerApi {
    private int accepted;

    @Override
    public RunResponse runJob(RunRequest request) {
        accepted++;
        return new RunResponse(true);
    }

    @Override
    public JobState getJobState(long jobId) {
        return JobState.QUEUED;
    }
}

final class Proxies {
    private Proxies() {
    }

    static <T> Builder<T> forService(Class<T> type) {
        return new Builder<>(type);
    }

    static final class Builder<T> {
        private final Class<T> type;

        Builder(Class<T> type) {
            this.type = type;
        }

        T onHost(String host) {
            return null;
        }
    }
}

interface JobQueue {
    PendingJob takeJob();

    void offerWithDelay(PendingJob job, long delayMillis);
}

interface FailureLog {
    void record(String payload, String error);
}

record PendingJob(long id, String host, String payload) {
}

record RunRequest(String payload) {
}

record RunResponse(boolean accepted) {
}

enum JobState { QUEUED, RUNNING }
