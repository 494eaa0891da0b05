package io.idemcheck.core.summary;

import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.index.MethodRef;

import java.util.Locale;

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
     * A {@code TransactionTemplate.execute} lambda runs inline and is not asynchronous.
     */
    public static boolean inAsyncLambda(Catalog catalog, MethodRef m, CallSite c) {
        for (CallSite owner : m.method().body().lambdaOwners(c)) {
            if (catalog.terms(Vocabulary.ASYNC_HANDOFF_METHODS).has(owner.name())
                    && !owner.receiver().text().toLowerCase(Locale.ROOT).contains("transaction")) {
                return true;
            }
        }
        return false;
    }
}
