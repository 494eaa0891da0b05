package io.idemcheck.rules;

import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.LoopFact;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.summary.CallInfo;
import io.idemcheck.core.summary.Semantics;
import io.idemcheck.core.summary.Transactions;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * IDEM002 through helpers: a method that runs in one write transaction calls, outside any loop of its own, a project
 * method with no transaction declaration of its own whose body is the batch, directly or through further such
 * helpers ({@value #MAX_HOPS} calls deep, each made outside the helper's loops): a drain loop that receives work items
 * one by one ({@code while (true) { m = receiver.receive(); .. }}), or a loop over rows it selects itself, and that
 * makes an external call per item (one that does not run in a REQUIRES_NEW method of its own). The helpers join the
 * caller's transaction, so the whole drain is one transaction: the connection is held throughout, and a failure rolls
 * back the database work of items whose external calls were made. Only with an external effect per item: a helper
 * that loops over its caller's list, or only writes the database, is the all-or-nothing its caller asked for.
 */
final class TransactionalHelperLoops {

    /** How many project calls down from the transactional method the batch loop may be. */
    static final int MAX_HOPS = 3;

    private TransactionalHelperLoops() {
    }

    /**
     * The batch a call runs in its callees: the helper with the loop, its loop, the first external call in the loop,
     * and the helpers called on the way to it (the first is {@code call}'s target; empty when that is the helper).
     */
    record HelperBatch(CallSite call, MethodRef helper, LoopFact loop, CallSite external, boolean drain,
                       List<MethodRef> via) {
    }

    /**
     * The batch loop that call {@code c} of {@code m} runs inside {@code m}'s transaction, or null: {@code c} is in no
     * loop of {@code m}, its project target declares no transaction of its own (a REQUIRES_NEW method gives each call
     * its own; a @Transactional one is checked on its own), and a loop of the target, or of a helper it calls outside
     * its loops, is a drain or a batch over rows it selects and makes an external call per item.
     */
    static HelperBatch helperBatch(Semantics sem, MethodRef m, CallSite c) {
        if (!c.loopIds().isEmpty() || sem.inAsyncLambda(m, c)) {
            return null;
        }
        return batchBelow(sem, m, c, new ArrayList<>(), new HashSet<>());
    }

    private static HelperBatch batchBelow(Semantics sem, MethodRef m, CallSite c, List<MethodRef> via,
                                          Set<MethodRef> seen) {
        CallInfo ci = sem.calls(m).get(c.id());
        if (ci.effect() == null || ci.effect().isDatabaseLocal()) {
            return null; // nothing external is reached through the call
        }
        if (ci.target().declared() != null && ownDeclaration(sem, ci.target().declared())) {
            return null;
        }
        for (MethodRef t : ci.target().targets()) {
            if (t.file().test() || !t.method().hasBody() || ownDeclaration(sem, t) || !seen.add(t)) {
                continue;
            }
            HelperBatch hb = loopIn(sem, c, t, via);
            if (hb != null) {
                return hb;
            }
            if (via.size() + 1 >= MAX_HOPS) {
                continue;
            }
            via.add(t);
            for (CallSite x : t.method().body().calls()) {
                if (x.loopIds().isEmpty() && !sem.inAsyncLambda(t, x)) {
                    HelperBatch below = batchBelow(sem, t, x, via, seen);
                    if (below != null) {
                        return new HelperBatch(c, below.helper(), below.loop(), below.external(), below.drain(),
                                below.via());
                    }
                }
            }
            via.remove(via.size() - 1);
        }
        return null;
    }

    /** The batch loop of helper {@code t} with an external call per item, or null. */
    private static HelperBatch loopIn(Semantics sem, CallSite c, MethodRef t, List<MethodRef> via) {
        List<CallInfo> tinfos = sem.calls(t);
        for (LoopFact loop : t.method().body().loops()) {
            if (sem.loopOverLiteral(t, loop, 3)) {
                continue;
            }
            boolean drain = drain(sem, t, loop);
            if (!drain && !TransactionalBatchLoop.batch(sem, t, loop)) {
                continue;
            }
            for (CallSite x : t.method().body().calls()) {
                CallInfo xi = tinfos.get(x.id());
                if (x.loopIds().contains(loop.id()) && !sem.inAsyncLambda(t, x) && xi.effect() != null
                        && !xi.effect().isDatabaseLocal() && TransactionalBatchLoop.ownTransaction(sem, xi) == null) {
                    return new HelperBatch(c, t, loop, x, drain, List.copyOf(via));
                }
            }
        }
        return null;
    }

    private static boolean ownDeclaration(Semantics sem, MethodRef t) {
        Transactions.TxDeclaration d = sem.transactionDeclaration(t);
        return d != null;
    }

    /**
     * A loop that takes its items one at a time from a source ({@code receive()}, {@code poll()}): a call inside the
     * loop, named as a work-item source in the catalog, whose result is assigned to a variable.
     */
    private static boolean drain(Semantics sem, MethodRef t, LoopFact loop) {
        if (!loop.kind().equals("while") && !loop.kind().equals("do")) {
            return false;
        }
        for (CallSite x : t.method().body().calls()) {
            if (x.loopIds().contains(loop.id()) && x.assignedTo() != null && x.argCount() == 0
                    && sem.catalog().terms(Vocabulary.WORK_ITEM_SOURCES).has(x.name())) {
                return true;
            }
        }
        return false;
    }
}
