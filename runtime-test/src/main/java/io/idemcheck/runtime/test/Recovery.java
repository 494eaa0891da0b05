package io.idemcheck.runtime.test;

/**
 * What runs between the kill and the restart of a kill-midway test: typically
 * {@code claimer.recoverExpired(shortLease)} (see {@link Leases#awaitRecovery}), i.e. what an operator or a
 * start-up sweep does after a crash.
 */
public interface Recovery {
    /** Does nothing. */
    Recovery NONE = new Recovery() {
        @Override
        public void recover(ChildResult crashed) {
        }
    };

    /**
     * @param crashed the killed child (its output up to the crash point)
     * @throws Exception to fail the test; the restart then does not run
     */
    void recover(ChildResult crashed) throws Exception;
}
