// The retry loop itself has no counter, but every failed attempt goes through a helper that decrements a budget and
// throws once it is spent: the loop ends after lockRetryTimes attempts.
package com.example.n006.neg15;

public class LockConflictRetry {

    private final LockRetryHandler retryHandler = new LockRetryHandler(30, 10);

    public void runWithRetry(Runnable task) {
        while (true) {
            try {
                task.run();
                break;
            } catch (LockConflictException e) {
                retryHandler.sleep(e);
            }
        }
    }
}

class LockRetryHandler {
    private int lockRetryTimes;
    private final long interval;

    LockRetryHandler(int times, long interval) {
        this.lockRetryTimes = times;
        this.interval = interval;
    }

    void sleep(Exception e) {
        if (--lockRetryTimes < 0) {
            throw new LockWaitTimeoutException("lock wait timeout", e);
        }
        try {
            Thread.sleep(interval);
        } catch (InterruptedException ignore) {
            Thread.currentThread().interrupt();
        }
    }
}

class LockConflictException extends RuntimeException {
}

class LockWaitTimeoutException extends RuntimeException {
    LockWaitTimeoutException(String m, Exception cause) {
        super(m, cause);
    }
}
