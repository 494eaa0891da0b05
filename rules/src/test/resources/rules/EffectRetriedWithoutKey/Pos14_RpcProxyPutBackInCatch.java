// A dispatcher takes a job from its in-memory queue and sends it to a worker through an RPC proxy built from the
// interface's class literal (Proxies.forService(WorkerApi.class).onHost(..)); when the call throws (a timeout after the
// worker took the job), the catch block gives the job back to the same queue, which hands it out again: the job is
// sent twice with nothing the worker could dedupe on. Finding on the call.
package com.example.e010.pos14;

public class JobDispatcher {
    private final JobQueue queue;

    public JobDispatcher(JobQueue queue) {
        this.queue = queue;
    }

    public void dispatchNext() {
        PendingJob job = queue.takeJob();
        try {
            Proxies.forService(WorkerApi.class).onHost(job.host()).runJob(new RunRequest(job.payload())); // expect: IDEM010
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
            return RemoteProxyFactory.proxy(type, host);
        }
    }
}

final class RemoteProxyFactory {
    private RemoteProxyFactory() {
    }

    static <T> T proxy(Class<T> type, String host) {
        return null;
    }
}

interface JobQueue {
    PendingJob takeJob();

    void offerWithDelay(PendingJob job, long delayMillis);
}

record PendingJob(String host, String payload) {
}

record RunRequest(String payload) {
}

record RunResponse(boolean accepted) {
}

enum JobState { QUEUED, RUNNING }
