package io.idemcheck.runtime;

import java.time.Duration;

/**
 * Describes the user's existing task table by name. Every identifier is validated against
 * {@code [A-Za-z_][A-Za-z0-9_]*} (the table may be schema-qualified: {@code batch.charge_task}) and every state value
 * against {@code [A-Za-z0-9_]{1,32}}, because they are inlined into SQL text; nothing else is ever concatenated.
 *
 * <p>Defaults (matching the example DDL {@code ddl/<dialect>/task_table_example.sql}):
 * <pre>
 * id           id            status       status        owner   owner
 * attempts     attempts      max_attempts max_attempts  modified gmt_modified
 * last_error   last_error    not_before   not_before
 * states       PENDING / RUNNING / DONE / DEAD
 * retry backoff 30 s after the first failed attempt, doubled after each, at most 1 hour
 * </pre>
 * {@code gmt_modified} doubles as the lease timestamp: claim and heartbeat set it to the database clock, and a RUNNING
 * row is expired when {@code gmt_modified < now - lease}.
 *
 * <p>{@code not_before} (nullable timestamp, same type as {@code gmt_modified}) is the retry time of a PENDING row: a
 * failed attempt ({@link TaskClaimer#fail}, {@link TaskClaimer#failBatch}) sets it to the database clock plus
 * {@link #retryDelay(int)}, and no claim takes a row whose {@code not_before} is in the future ({@code NULL}: claimable
 * at once). Tables created before this column existed: add it (see docs/runtime.md, "Upgrading"), or describe the
 * table with {@link Builder#noNotBeforeColumn()}, which keeps the old behaviour (a failed row is claimable again at
 * once).
 *
 * <p>The retry ceiling is the {@code max_attempts} column (per row) or, when the table has no such column, a fixed
 * number set by {@link Builder#maxAttempts(int)}. The last-error column is optional ({@link Builder#noLastErrorColumn()}).
 *
 * <p>Immutable.
 */
public final class TaskTable {
    private final String table;
    private final String id;
    private final String status;
    private final String owner;
    private final String attempts;
    private final String maxAttemptsColumn;
    private final int maxAttempts;
    private final String modified;
    private final String lastError;
    private final int lastErrorMaxLength;
    private final String notBefore;
    private final Duration retryFirst;
    private final Duration retryMax;
    private final String pending;
    private final String running;
    private final String done;
    private final String dead;

    private TaskTable(Builder b) {
        this.table = Identifiers.table(b.table, "table");
        this.id = Identifiers.column(b.id, "id column");
        this.status = Identifiers.column(b.status, "status column");
        this.owner = Identifiers.column(b.owner, "owner column");
        this.attempts = Identifiers.column(b.attempts, "attempts column");
        this.maxAttemptsColumn = b.maxAttemptsColumn == null ? null : Identifiers.column(b.maxAttemptsColumn, "max attempts column");
        this.maxAttempts = b.maxAttempts;
        this.modified = Identifiers.column(b.modified, "modified column");
        this.lastError = b.lastError == null ? null : Identifiers.column(b.lastError, "last error column");
        this.lastErrorMaxLength = b.lastErrorMaxLength;
        this.notBefore = b.notBefore == null ? null : Identifiers.column(b.notBefore, "not before column");
        this.retryFirst = b.retryFirst;
        this.retryMax = b.retryMax;
        this.pending = Identifiers.state(b.pending, "PENDING state");
        this.running = Identifiers.state(b.running, "RUNNING state");
        this.done = Identifiers.state(b.done, "DONE state");
        this.dead = Identifiers.state(b.dead, "DEAD state");
        if (pending.equals(running) || pending.equals(done) || pending.equals(dead) || running.equals(done)
                || running.equals(dead) || done.equals(dead)) {
            throw new IllegalArgumentException("the four state values must be distinct");
        }
        if (maxAttemptsColumn == null && maxAttempts < 1) {
            throw new IllegalArgumentException("without a max attempts column, maxAttempts(int) must be >= 1");
        }
    }

    /**
     * @param table the task table name, optionally schema-qualified
     * @return a description with all default column names and states
     * @throws IllegalArgumentException if the name is not a valid identifier
     */
    public static TaskTable defaults(String table) {
        return builder(table).build();
    }

    /**
     * @param table the task table name, optionally schema-qualified
     * @return a builder pre-filled with the defaults
     */
    public static Builder builder(String table) {
        return new Builder(table);
    }

    /** @return the (validated) table name */
    public String table() {
        return table;
    }

    /** @return id column */
    public String idColumn() {
        return id;
    }

    /** @return status column */
    public String statusColumn() {
        return status;
    }

    /** @return owner column */
    public String ownerColumn() {
        return owner;
    }

    /** @return attempt counter column */
    public String attemptsColumn() {
        return attempts;
    }

    /** @return the max attempts column, or {@code null} when a fixed ceiling is used */
    public String maxAttemptsColumn() {
        return maxAttemptsColumn;
    }

    /** @return the fixed ceiling used when there is no max attempts column */
    public int maxAttempts() {
        return maxAttempts;
    }

    /** @return SQL expression for the ceiling: the column name or the fixed integer */
    public String maxAttemptsExpression() {
        return maxAttemptsColumn != null ? maxAttemptsColumn : Integer.toString(maxAttempts);
    }

    /** @return the modified/lease timestamp column */
    public String modifiedColumn() {
        return modified;
    }

    /** @return the last error column, or {@code null} if not written */
    public String lastErrorColumn() {
        return lastError;
    }

    /** @return maximum characters written to the last error column */
    public int lastErrorMaxLength() {
        return lastErrorMaxLength;
    }

    /**
     * @return the column holding the earliest time a PENDING row may be claimed again after a failed attempt, or
     *         {@code null} when the table has none (failed rows are claimable again at once)
     */
    public String notBeforeColumn() {
        return notBefore;
    }

    /**
     * How long a row waits after its {@code attempt}-th attempt failed before it can be claimed again:
     * {@code first * 2^(attempt - 1)}, at most {@code max} (see {@link Builder#retryBackoff(Duration, Duration)}).
     * Written to the not-before column as database clock + this delay; without that column it is not used.
     *
     * @param attempt the attempt that failed, from 1
     * @return the delay, millisecond precision, never negative ({@link Duration#ZERO} when the backoff is zero)
     * @throws IllegalArgumentException if attempt &lt; 1 (no claim has attempt 0, see {@link Claim})
     */
    public Duration retryDelay(int attempt) {
        if (attempt < 1) {
            throw new IllegalArgumentException("attempt must be >= 1 (the first claim is attempt 1): " + attempt);
        }
        if (retryFirst.isZero()) {
            return Duration.ZERO;
        }
        long firstMs = Math.max(1, retryFirst.toMillis());
        int shift = Math.min(Math.max(attempt, 1) - 1, 62);
        long ms = firstMs > (Long.MAX_VALUE >> shift) ? Long.MAX_VALUE : firstMs << shift;
        return ms >= retryMax.toMillis() ? Duration.ofMillis(retryMax.toMillis()) : Duration.ofMillis(ms);
    }

    /** @return the PENDING state value */
    public String pending() {
        return pending;
    }

    /** @return the RUNNING state value */
    public String running() {
        return running;
    }

    /** @return the DONE state value */
    public String done() {
        return done;
    }

    /** @return the DEAD (dead-letter) state value */
    public String dead() {
        return dead;
    }

    @Override
    public String toString() {
        return "TaskTable{" + table + "}";
    }

    /** Builder for {@link TaskTable}; every setter validates on {@link #build()}. */
    public static final class Builder {
        private final String table;
        private String id = "id";
        private String status = "status";
        private String owner = "owner";
        private String attempts = "attempts";
        private String maxAttemptsColumn = "max_attempts";
        private int maxAttempts = 0;
        private String modified = "gmt_modified";
        private String lastError = "last_error";
        private int lastErrorMaxLength = 1000;
        private String notBefore = "not_before";
        private Duration retryFirst = Duration.ofSeconds(30);
        private Duration retryMax = Duration.ofHours(1);
        private String pending = "PENDING";
        private String running = "RUNNING";
        private String done = "DONE";
        private String dead = "DEAD";

        private Builder(String table) {
            this.table = table;
        }

        /**
         * @param c id column name
         * @return this
         */
        public Builder idColumn(String c) {
            this.id = c;
            return this;
        }

        /**
         * @param c status column name
         * @return this
         */
        public Builder statusColumn(String c) {
            this.status = c;
            return this;
        }

        /**
         * @param c owner column name (VARCHAR)
         * @return this
         */
        public Builder ownerColumn(String c) {
            this.owner = c;
            return this;
        }

        /**
         * @param c attempt counter column (INT, starts at 0)
         * @return this
         */
        public Builder attemptsColumn(String c) {
            this.attempts = c;
            return this;
        }

        /**
         * @param c per-row retry ceiling column (INT)
         * @return this
         */
        public Builder maxAttemptsColumn(String c) {
            this.maxAttemptsColumn = c;
            return this;
        }

        /**
         * Uses a fixed retry ceiling instead of a max attempts column.
         *
         * @param n ceiling, at least 1
         * @return this
         */
        public Builder maxAttempts(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("maxAttempts must be >= 1");
            }
            this.maxAttempts = n;
            this.maxAttemptsColumn = null;
            return this;
        }

        /**
         * @param c modified/lease timestamp column (timestamptz / DATETIME(3) UTC / TIMESTAMP WITH TIME ZONE)
         * @return this
         */
        public Builder modifiedColumn(String c) {
            this.modified = c;
            return this;
        }

        /**
         * @param c last error column (VARCHAR/TEXT)
         * @return this
         */
        public Builder lastErrorColumn(String c) {
            this.lastError = c;
            return this;
        }

        /**
         * The table has no last error column; errors are then only logged.
         *
         * @return this
         */
        public Builder noLastErrorColumn() {
            this.lastError = null;
            return this;
        }

        /**
         * @param c the retry-time column (nullable; {@code timestamptz} / {@code DATETIME(3)} UTC /
         *          {@code TIMESTAMP WITH TIME ZONE}, like the modified column); default {@code not_before}
         * @return this
         */
        public Builder notBeforeColumn(String c) {
            this.notBefore = c;
            return this;
        }

        /**
         * The table has no not-before column (created before it existed, and not migrated): a failed row is
         * claimable again at once, so a task that fails every time uses up its attempts within one run. Prefer adding
         * the column (docs/runtime.md, "Upgrading").
         *
         * @return this
         */
        public Builder noNotBeforeColumn() {
            this.notBefore = null;
            return this;
        }

        /** The longest retry wait {@link #retryBackoff} accepts: 365 days. */
        public static final Duration MAX_RETRY_BACKOFF = Duration.ofDays(365);

        /**
         * How long a failed row waits before it can be claimed again: {@code first} after the first failed attempt,
         * doubled after each further one, at most {@code max} (default 30 s doubling to at most 1 hour; with the
         * default ceiling of 5 attempts a task that always fails is DEAD after about 7.5 minutes of retries).
         * Millisecond precision; {@code Duration.ZERO} for both: no wait. Recorded in the not-before column.
         *
         * @param first wait after the first failed attempt, not negative
         * @param max   the longest wait, at least {@code first} and at most {@link #MAX_RETRY_BACKOFF} (365 days: a
         *              not-before time must fit the database's timestamp and the millisecond arithmetic; a
         *              longer wait overflowed, the failure could not be recorded and the task was retried without
         *              using an attempt)
         * @return this
         * @throws IllegalArgumentException if {@code first} is negative, {@code max < first} or {@code max} is longer
         *                                  than 365 days
         */
        public Builder retryBackoff(Duration first, Duration max) {
            if (first == null || max == null) {
                throw new IllegalArgumentException("retryBackoff needs both durations (first, max)");
            }
            if (first.isNegative()) {
                throw new IllegalArgumentException("retryBackoff first wait must not be negative: " + first);
            }
            if (max.compareTo(first) < 0) {
                throw new IllegalArgumentException("retryBackoff max " + max + " is shorter than the first wait " + first);
            }
            if (max.compareTo(MAX_RETRY_BACKOFF) > 0) {
                throw new IllegalArgumentException("retryBackoff max " + max + " is longer than " + MAX_RETRY_BACKOFF
                        + " (365 days); to stop retrying a task, let it reach maxAttempts");
            }
            this.retryFirst = first;
            this.retryMax = max;
            return this;
        }

        /**
         * @param n maximum characters written to the last error column (default 1000)
         * @return this
         */
        public Builder lastErrorMaxLength(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("lastErrorMaxLength must be >= 1");
            }
            this.lastErrorMaxLength = n;
            return this;
        }

        /**
         * @param pending value for "waiting to be claimed"
         * @param running value for "claimed, lease held"
         * @param done    value for "finished"
         * @param dead    value for "gave up: dead-letter"
         * @return this
         */
        public Builder states(String pending, String running, String done, String dead) {
            this.pending = pending;
            this.running = running;
            this.done = done;
            this.dead = dead;
            return this;
        }

        /**
         * @return the validated description
         * @throws IllegalArgumentException on an invalid identifier or state value
         */
        public TaskTable build() {
            return new TaskTable(this);
        }
    }
}
