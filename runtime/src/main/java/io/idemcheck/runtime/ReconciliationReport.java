package io.idemcheck.runtime;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What {@link Reconciler#check()} found, as data a job can log or alert on. Immutable. Each list holds at most the
 * reconciler's row limit; {@link #truncated()} tells whether any list was cut.
 */
public final class ReconciliationReport {

    /** A DONE ledger row whose task is missing or not DONE. */
    public static final class LedgerWithoutDoneTask {
        private final String key;
        private final String taskId;
        private final String taskStatus;

        LedgerWithoutDoneTask(String key, String taskId, String taskStatus) {
            this.key = key;
            this.taskId = taskId;
            this.taskStatus = taskStatus;
        }

        /** @return the ledger key */
        public String key() {
            return key;
        }

        /** @return the ledger's task_id */
        public String taskId() {
            return taskId;
        }

        /** @return the task's status, or {@code null} when the task row does not exist */
        public String taskStatus() {
            return taskStatus;
        }

        @Override
        public String toString() {
            return key + "(task " + taskId + " is " + (taskStatus == null ? "missing" : taskStatus) + ")";
        }
    }

    /** A ledger key in doubt: STARTED and older than the ledger lease. */
    public static final class InDoubtKey {
        private final String key;
        private final String taskId;
        private final int attempts;

        InDoubtKey(String key, String taskId, int attempts) {
            this.key = key;
            this.taskId = taskId;
            this.attempts = attempts;
        }

        /** @return the key */
        public String key() {
            return key;
        }

        /** @return the linked task id or null */
        public String taskId() {
            return taskId;
        }

        /** @return the ledger attempt counter */
        public int attempts() {
            return attempts;
        }

        @Override
        public String toString() {
            return key + "(task " + taskId + ", attempts " + attempts + ")";
        }
    }

    /** A RUNNING task past its lease. */
    public static final class StaleTask {
        private final String id;
        private final String owner;
        private final int attempt;

        StaleTask(String id, String owner, int attempt) {
            this.id = id;
            this.owner = owner;
            this.attempt = attempt;
        }

        /** @return the task id as text */
        public String id() {
            return id;
        }

        /** @return the owner holding the expired lease */
        public String owner() {
            return owner;
        }

        /** @return the attempt of the expired claim */
        public int attempt() {
            return attempt;
        }

        @Override
        public String toString() {
            return id + "(owner " + owner + ", attempt " + attempt + ")";
        }
    }

    private final List<String> doneTasksWithoutLedger;
    private final List<LedgerWithoutDoneTask> ledgerDoneTaskNotDone;
    private final List<InDoubtKey> inDoubtKeys;
    private final List<StaleTask> expiredRunningTasks;
    private final long deadCount;
    private final boolean truncated;

    ReconciliationReport(List<String> doneTasksWithoutLedger, List<LedgerWithoutDoneTask> ledgerDoneTaskNotDone,
                         List<InDoubtKey> inDoubtKeys, List<StaleTask> expiredRunningTasks, long deadCount,
                         boolean truncated) {
        this.doneTasksWithoutLedger = Collections.unmodifiableList(new ArrayList<String>(doneTasksWithoutLedger));
        this.ledgerDoneTaskNotDone = Collections.unmodifiableList(new ArrayList<LedgerWithoutDoneTask>(ledgerDoneTaskNotDone));
        this.inDoubtKeys = Collections.unmodifiableList(new ArrayList<InDoubtKey>(inDoubtKeys));
        this.expiredRunningTasks = Collections.unmodifiableList(new ArrayList<StaleTask>(expiredRunningTasks));
        this.deadCount = deadCount;
        this.truncated = truncated;
    }

    /** @return ids of DONE tasks without a DONE ledger row (effect possibly never recorded); empty without a ledger */
    public List<String> doneTasksWithoutLedger() {
        return doneTasksWithoutLedger;
    }

    /**
     * @return DONE ledger rows whose task is missing or not DONE (the crash window between recording the effect and
     *         completing the task; the task can be completed without repeating the effect)
     */
    public List<LedgerWithoutDoneTask> ledgerDoneTaskNotDone() {
        return ledgerDoneTaskNotDone;
    }

    /** @return keys in doubt (STARTED past the ledger lease): check the downstream system */
    public List<InDoubtKey> inDoubtKeys() {
        return inDoubtKeys;
    }

    /** @return RUNNING tasks past the task lease (waiting for {@link TaskClaimer#recoverExpired}) */
    public List<StaleTask> expiredRunningTasks() {
        return expiredRunningTasks;
    }

    /** @return the number of DEAD (dead-letter) tasks */
    public long deadCount() {
        return deadCount;
    }

    /** @return true if any list hit the row limit */
    public boolean truncated() {
        return truncated;
    }

    /** @return total number of listed anomalies plus the DEAD count */
    public long anomalyCount() {
        return doneTasksWithoutLedger.size() + ledgerDoneTaskNotDone.size() + inDoubtKeys.size()
                + expiredRunningTasks.size() + deadCount;
    }

    /** @return true when every list is empty and there are no DEAD tasks */
    public boolean isClean() {
        return anomalyCount() == 0;
    }

    @Override
    public String toString() {
        return "ReconciliationReport{doneTasksWithoutLedger=" + doneTasksWithoutLedger + ", ledgerDoneTaskNotDone="
                + ledgerDoneTaskNotDone + ", inDoubtKeys=" + inDoubtKeys + ", expiredRunningTasks="
                + expiredRunningTasks + ", deadCount=" + deadCount + (truncated ? ", truncated" : "") + "}";
    }
}
