package io.idemcheck.core.summary;

import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.index.ProjectIndex;


/**
 * Query: whether a call runs in a lambda handed to an executor, a timer, a future or a reactive chain (later, on
 * another thread). Static, stateless.
 */
public final class AsyncHandoff {

    private AsyncHandoff() {
    }

    /**
     * True when {@code c} sits in a lambda handed to an executor, a timer, a future or a reactive chain: it runs
     * later, on another thread, so it neither records nor protects anything in the enclosing method's sequence.
     * A {@code TransactionTemplate.execute} lambda runs inline and is not asynchronous
     * ({@link Transactions#runsLambdaInTransaction}: by the receiver's type, or its name when the type is not seen).
     */
    public static boolean inAsyncLambda(ProjectIndex index, MethodRef m, CallSite c) {
        for (CallSite owner : m.method().body().lambdaOwners(c)) {
            if (index.catalog().terms(Vocabulary.ASYNC_HANDOFF_METHODS).has(owner.name())
                    && !Transactions.runsLambdaInTransaction(index, m, owner)) {
                return true;
            }
        }
        return false;
    }
}
