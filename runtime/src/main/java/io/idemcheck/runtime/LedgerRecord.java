package io.idemcheck.runtime;

/** One row of the ledger, as returned by {@link IdempotencyLedger#lookup(String)}. Immutable. */
public final class LedgerRecord {
    private final String key;
    private final String requestFingerprint;
    private final String status;
    private final String result;
    private final String taskId;
    private final int attempts;
    private final boolean leaseExpired;

    LedgerRecord(String key, String requestFingerprint, String status, String result, String taskId, int attempts,
                 boolean leaseExpired) {
        this.key = key;
        this.requestFingerprint = requestFingerprint;
        this.status = status;
        this.result = result;
        this.taskId = taskId;
        this.attempts = attempts;
        this.leaseExpired = leaseExpired;
    }

    /** @return the key */
    public String key() {
        return key;
    }

    /** @return the request fingerprint recorded by the first caller */
    public String requestFingerprint() {
        return requestFingerprint;
    }

    /** @return {@code STARTED} or {@code DONE} */
    public String status() {
        return status;
    }

    /** @return true if the status is DONE */
    public boolean isDone() {
        return Dialect.LEDGER_DONE.equals(status);
    }

    /** @return the recorded outcome (null while STARTED) */
    public String result() {
        return result;
    }

    /** @return the linked task id ({@code String.valueOf(taskId)}), or null */
    public String taskId() {
        return taskId;
    }

    /** @return how many times the key was acquired (1 + take-overs) */
    public int attempts() {
        return attempts;
    }

    /** @return true if {@code updated_at} is older than the ledger lease (database clock) */
    public boolean leaseExpired() {
        return leaseExpired;
    }

    @Override
    public String toString() {
        return "LedgerRecord{" + key + ", " + status + ", attempts=" + attempts + ", taskId=" + taskId + "}";
    }
}
