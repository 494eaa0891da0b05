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
 * makes an external call per item (one that does not run in a REQUIRES_NEW method of its own; also one the helper
 * records itself, or one made in a project method the loop calls per item), or a loop over a list
 * handed down as an argument that holds rows selected on the way (the transactional method, or a helper before,
 * scanned them: {@code List<Task> ts = mapper.selectPending(); processAll(ts);}). The helpers join the caller's
 * transaction, so the whole drain is one transaction: the connection is held throughout, and a failure rolls back the
 * database work of items whose external calls were made. Only with an external effect per item: a helper that loops
 * over a list its caller was given (the children of one request), or only writes the database, is the all-or-nothing
 * its caller asked for.
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
                       List<MethodRef> via, boolean handed) {
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
        return batchBelow(sem, m, c, Set.of(), new ArrayList<>(), new HashSet<>());
    }

    /** A helper visited with the rows handed to it: the same helper reached again with other rows is read again. */
    private record Visit(MethodRef helper, Set<String> handed) {
    }

    /**
     * @param rows names of {@code m}'s parameters that hold rows selected above it (handed down by its caller)
     */
    private static HelperBatch batchBelow(Semantics sem, MethodRef m, CallSite c, Set<String> rows, List<MethodRef> via,
                                          Set<Visit> seen) {
        CallInfo ci = sem.calls(m).get(c.id());
        // every project callee is followed: a helper that selects its rows and records each external call per row
        // passes no unrecorded effect up (the summary lists unrecorded ones), yet its loop joins this transaction
        if (ci.target().declared() != null && ownDeclaration(sem, ci.target().declared())) {
            return null;
        }
        for (MethodRef t : ci.target().targets()) {
            if (t.file().test() || !t.method().hasBody() || ownDeclaration(sem, t)) {
                continue;
            }
            Set<String> handed = rowsHanded(sem, m, c, t, rows);
            if (!seen.add(new Visit(t, handed))) {
                continue; // visited with these rows; with other rows handed down it is read again
            }
            HelperBatch hb = loopIn(sem, c, t, handed, via);
            if (hb != null) {
                return hb;
            }
            if (via.size() + 1 >= MAX_HOPS) {
                continue;
            }
            via.add(t);
            for (CallSite x : t.method().body().calls()) {
                if (x.loopIds().isEmpty() && !sem.inAsyncLambda(t, x)) {
                    HelperBatch below = batchBelow(sem, t, x, handed, via, seen);
                    if (below != null) {
                        return new HelperBatch(c, below.helper(), below.loop(), below.external(), below.drain(),
                                below.via(), below.handed());
                    }
                }
            }
            via.remove(via.size() - 1);
        }
        return null;
    }

    /**
     * The batch loop of helper {@code t} with an external call per item, or null: a drain, a loop over rows {@code t}
     * selects, or a loop over one of its parameters in {@code handed} (rows selected above it).
     */
    private static HelperBatch loopIn(Semantics sem, CallSite c, MethodRef t, Set<String> handed, List<MethodRef> via) {
        List<CallInfo> tinfos = sem.calls(t);
        for (LoopFact loop : t.method().body().loops()) {
            if (sem.loopOverLiteral(t, loop, 3)) {
                continue;
            }
            boolean drain = drain(sem, t, loop);
            boolean overHanded = !drain && !handed.isEmpty()
                    && TransactionalBatchLoop.derivedFrom(sem, t, loop.names()).stream().anyMatch(handed::contains);
            if (!drain && !overHanded && !TransactionalBatchLoop.batch(sem, t, loop)) {
                continue;
            }
            for (CallSite x : t.method().body().calls()) {
                CallInfo xi = tinfos.get(x.id());
                if (x.loopIds().contains(loop.id()) && !sem.inAsyncLambda(t, x)
                        && TransactionalBatchLoop.ownTransaction(sem, xi) == null
                        && (xi.effect() != null && !xi.effect().isDatabaseLocal()
                        || reachesExternal(sem, xi, MAX_HOPS - 1, new HashSet<>()))) {
                    return new HelperBatch(c, t, loop, x, drain, List.copyOf(via), overHanded);
                }
            }
        }
        return null;
    }

    /**
     * The parameters of callee {@code t} that call {@code c} of {@code m} fills with selected rows: an argument that
     * derives from a read {@code m} makes through a mapper, DAO or repository whose query does not depend on
     * {@code m}'s parameters ({@link TransactionalBatchLoop#selects}), or from a parameter of {@code m} in
     * {@code rows} (rows handed down to {@code m} in turn).
     */
    private static Set<String> rowsHanded(Semantics sem, MethodRef m, CallSite c, MethodRef t, Set<String> rows) {
        Set<String> out = new HashSet<>();
        List<io.idemcheck.core.facts.MethodFacts.Param> ps = t.method().params();
        for (int i = 0; i < c.args().size() && i < ps.size(); i++) {
            io.idemcheck.core.facts.Arg a = c.args().get(i);
            Set<String> from = TransactionalBatchLoop.derivedFrom(sem, m, a.names());
            List<CallSite> feeding = new ArrayList<>();
            a.callIds().forEach(id -> feeding.add(m.method().body().calls().get(id)));
            for (String n : from) {
                io.idemcheck.core.facts.LocalVar lv = m.method().body().locals().get(n);
                if (lv != null) {
                    lv.initCallIds().forEach(id -> feeding.add(m.method().body().calls().get(id)));
                }
            }
            if (from.stream().anyMatch(rows::contains) || TransactionalBatchLoop.selects(sem, m, feeding)) {
                out.add(ps.get(i).name());
            }
        }
        return out;
    }

    /**
     * A project call that makes an external call in its body, {@code depth} calls down at most, even one it records
     * itself ({@code pushOne(row)} posting the row and marking it SENT): the summary passes only unrecorded effects up,
     * but a recorded external call still runs inside the caller's transaction. A callee with a transaction declaration
     * of its own is not followed.
     */
    private static boolean reachesExternal(Semantics sem, CallInfo ci, int depth, Set<MethodRef> seen) {
        if (depth <= 0 || ci.target().declared() != null && ownDeclaration(sem, ci.target().declared())) {
            return false;
        }
        for (MethodRef t : ci.target().targets()) {
            if (t.file().test() || !t.method().hasBody() || ownDeclaration(sem, t) || !seen.add(t)) {
                continue;
            }
            List<CallInfo> infos = sem.calls(t);
            for (CallSite x : t.method().body().calls()) {
                CallInfo xi = infos.get(x.id());
                if (sem.inAsyncLambda(t, x) || TransactionalBatchLoop.ownTransaction(sem, xi) != null) {
                    continue;
                }
                if (xi.effect() != null && !xi.effect().isDatabaseLocal() || reachesExternal(sem, xi, depth - 1, seen)) {
                    return true;
                }
            }
        }
        return false;
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
