package io.idemcheck.runtime;

import java.util.Objects;

/**
 * A successful claim of one task row: the task id, the owner that claimed it and the attempt number, which is the
 * <em>fencing token</em>. Every later update of the row ({@code heartbeat}, {@code complete}, {@code fail}) has
 * {@code WHERE owner = ? AND attempt = ?}; once the row has been recovered and re-claimed its attempt differs and
 * the old claim is fenced out ({@link Outcome#LOST}).
 *
 * <p>Immutable; safe to pass between threads.
 */
public final class Claim {
    private final Object id;
    private final String owner;
    private final int attempt;

    /**
     * @param id      the task id, as bound to the id column (e.g. {@code Long} for BIGINT, {@code String} for VARCHAR)
     * @param owner   the owner written by the claim
     * @param attempt the attempt counter after the claim (1 for the first claim; every claim adds 1 to the row's
     *                attempts, so 0 and negative values never name a claim)
     * @throws NullPointerException     if id or owner is null
     * @throws IllegalArgumentException if attempt &lt; 1
     */
    public Claim(Object id, String owner, int attempt) {
        this.id = Objects.requireNonNull(id, "id");
        this.owner = Objects.requireNonNull(owner, "owner");
        if (attempt < 1) {
            throw new IllegalArgumentException("attempt must be >= 1 (the first claim is attempt 1): " + attempt);
        }
        this.attempt = attempt;
    }

    /** @return the task id as passed to {@link TaskClaimer#claim(Object, String)} */
    public Object id() {
        return id;
    }

    /** @return the owner recorded in the owner column */
    public String owner() {
        return owner;
    }

    /** @return the attempt number after this claim (1-based); the fencing token */
    public int attempt() {
        return attempt;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Claim)) {
            return false;
        }
        Claim c = (Claim) o;
        return attempt == c.attempt && id.equals(c.id) && owner.equals(c.owner);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, owner, attempt);
    }

    @Override
    public String toString() {
        return "Claim{id=" + id + ", owner=" + owner + ", attempt=" + attempt + "}";
    }
}
