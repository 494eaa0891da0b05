package io.idemcheck.runtime;

/**
 * Row counts returned by {@link TaskClaimer#recoverExpired(java.time.Duration)}: how many expired RUNNING rows went
 * back to PENDING and how many went to DEAD because their attempt count had reached the ceiling.
 */
public final class RecoveryCounts {
    private final int toPending;
    private final int toDead;

    /**
     * @param toPending rows returned to PENDING
     * @param toDead    rows moved to DEAD
     */
    public RecoveryCounts(int toPending, int toDead) {
        this.toPending = toPending;
        this.toDead = toDead;
    }

    /** @return rows returned to PENDING (they will be claimed again) */
    public int toPending() {
        return toPending;
    }

    /** @return rows moved to DEAD (attempt count at max attempts) */
    public int toDead() {
        return toDead;
    }

    /** @return {@code toPending() + toDead()} */
    public int total() {
        return toPending + toDead;
    }

    @Override
    public String toString() {
        return "RecoveryCounts{toPending=" + toPending + ", toDead=" + toDead + "}";
    }
}
