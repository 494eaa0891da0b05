package io.idemcheck.runtime;

import java.sql.Connection;

/**
 * A database-local effect run by {@link IdempotencyLedger#runOnceInTransaction}: it receives the
 * {@link Connection} that holds the ledger row's transaction, so the effect, its ledger row (and, if the effect
 * calls {@link TaskClaimer#complete(Connection, Claim)}, the task completion) commit or roll back together.
 *
 * <p>The effect must not commit, roll back, close the connection or change its auto-commit mode.
 */
@FunctionalInterface
public interface TransactionalEffect {
    /**
     * Performs the effect inside the ledger's transaction.
     *
     * @param connection     the transaction's connection (auto-commit off)
     * @param idempotencyKey the ledger key
     * @return the outcome to record and replay (may be {@code null})
     * @throws Exception any failure; the whole transaction is rolled back
     */
    String apply(Connection connection, String idempotencyKey) throws Exception;
}
