package io.idemcheck.core.summary;

import io.idemcheck.core.facts.Body;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.LambdaFact;
import io.idemcheck.core.index.MethodRef;

import java.util.Locale;
import java.util.Set;

/**
 * Query: whether a call runs in a lambda handed to an executor, a timer, a future or a reactive chain (later, on
 * another thread). Static, stateless.
 */
public final class AsyncHandoff {

    private AsyncHandoff() {
    }

    private static final Set<String> ASYNC = Set.of("submit", "execute", "schedule", "scheduleAtFixedRate",
            "scheduleWithFixedDelay", "runAsync", "supplyAsync", "thenRun", "thenAccept", "thenApply",
            "thenCompose", "whenComplete", "handle", "newThread", "start", "invokeAll", "invokeAny", "addListener",
            "subscribe", "doOnNext", "doOnSuccess");

    /**
     * True when {@code c} sits in a lambda handed to an executor, a timer, a future or a reactive chain: it runs
     * later, on another thread, so it neither records nor protects anything in the enclosing method's sequence.
     * A {@code TransactionTemplate.execute} lambda runs inline and is not asynchronous.
     */
    public static boolean inAsyncLambda(MethodRef m, CallSite c) {
        Body body = m.method().body();
        int lam = c.lambdaId();
        while (lam >= 0) {
            LambdaFact lf = body.lambdas().get(lam);
            if (lf.ownerCallId() >= 0) {
                CallSite owner = body.calls().get(lf.ownerCallId());
                if (ASYNC.contains(owner.name())
                        && !owner.receiver().text().toLowerCase(Locale.ROOT).contains("transaction")) {
                    return true;
                }
            }
            lam = lf.parentId();
        }
        return false;
    }
}
