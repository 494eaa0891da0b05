package io.idemcheck.runtime;

import java.sql.SQLException;

/**
 * Unchecked wrapper for every {@link SQLException} raised by the idemcheck runtime.
 *
 * <p>Every public method of {@link TaskClaimer}, {@link IdempotencyLedger} and {@link Reconciler} that
 * talks to the database throws this exception (and only this one for database failures). The original
 * exception is always available as {@link #getCause()}, together with its SQLState and vendor code.
 *
 * <p>When this exception escapes, the runtime has <em>not</em> reported success: if it happens after an
 * effect ran but before its outcome was recorded, the ledger row stays {@code STARTED} and the key is later
 * reported as in doubt; the task row stays {@code RUNNING} and is returned by
 * {@link TaskClaimer#recoverExpired(java.time.Duration)}.
 */
public class IdemcheckDataAccessException extends RuntimeException {
    /** Serialization version. */
    private static final long serialVersionUID = 1L;

    /**
     * @param message what the runtime was doing (names the operation, not the data)
     * @param cause   the driver exception
     */
    public IdemcheckDataAccessException(String message, SQLException cause) {
        super(message + " [SQLState " + cause.getSQLState() + ", vendor code " + cause.getErrorCode() + "]: "
                + cause.getMessage(), cause);
    }

    /** @return the SQLState of the wrapped driver exception, may be {@code null} */
    public String getSqlState() {
        return ((SQLException) getCause()).getSQLState();
    }

    /** @return the vendor error code of the wrapped driver exception */
    public int getVendorCode() {
        return ((SQLException) getCause()).getErrorCode();
    }
}
