package io.idemcheck.rules;

import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.facts.Arg;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.LoopFact;
import io.idemcheck.core.facts.Receiver;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.sql.SqlStatement;
import io.idemcheck.core.summary.CallInfo;
import io.idemcheck.core.summary.InProgressStates;
import io.idemcheck.core.summary.Semantics;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * IDEM002: loops of a method run by a job over rows the method selects itself by their state. Such rows are work items
 * waiting for a transition, even when the query is also keyed on what the job passes in, so one transaction over all
 * of them is a batch of independent items (one failure rolls back the others), not the all-or-nothing of one
 * aggregate.
 */
final class StateSelectedLoops {

    private StateSelectedLoops() {
    }

    /**
     * For a method run by a job (reachable from an unattended entry point) whose loop walks rows the method reads
     * itself, through a statement (its own, or one run by the project method it calls) whose WHERE names a status
     * column: the read and its status column ("OrderServiceImpl.queryListByPromotion: pay_status"), else null. Rows
     * picked by their state are work items waiting for a transition, even when the query is also keyed on what the job
     * passes in (the orders of one promotion still in PAID): each is the unit a failure should stop, so one
     * transaction over all of them is a batch, not the all-or-nothing of one aggregate.
     */
    static String unattendedSelectionByState(Semantics sem, MethodRef m, LoopFact loop) {
        if (!sem.reachableFromEntryPoints().contains(m.method())) {
            return null;
        }
        for (LoopFact l : m.method().body().loops()) {
            if (!TransactionalBatchLoop.contains(loop.range(), l.range())) {
                continue;
            }
            for (CallSite read : TransactionalBatchLoop.feedingCalls(sem, m, l)) {
                CallInfo ci = sem.calls(m).get(read.id());
                String col = InProgressStates.selectStatusColumn(sem.catalog(), ci.statements());
                if (col != null) {
                    return Semantics.display(read) + ": " + col;
                }
                Set<String> queryObjects = new HashSet<>();
                read.args().forEach(a -> queryObjects.addAll(a.names()));
                col = wrapperStatusColumn(sem, m, queryObjects);
                if (col != null) {
                    return Semantics.display(read) + ": " + col;
                }
                for (MethodRef t : ci.target().targets()) {
                    if (t.file().test() || !t.method().hasBody() || t.equals(m)
                            || !sem.catalog().terms(Vocabulary.READ_METHOD_NAMES).has(t.method().name())) {
                        continue;
                    }
                    List<SqlStatement> sts = new ArrayList<>();
                    sem.calls(t).forEach(tc -> sts.addAll(tc.statements()));
                    col = InProgressStates.selectStatusColumn(sem.catalog(), sts);
                    if (col == null) {
                        col = wrapperStatusColumn(sem, t, null);
                    }
                    if (col != null) {
                        return t.type().simpleName() + "." + t.method().name() + ": " + col;
                    }
                }
            }
        }
        return null;
    }


    /**
     * A status column named by a query-wrapper condition in {@code x} (a call of the catalog's
     * {@code wrapperWhereMethods}: {@code q.eq(Order::getPayStatus, PAID)}, {@code q.ne("order_status", ..)}) on one of
     * {@code queryObjects} (any receiver when null), or null.
     */
    private static String wrapperStatusColumn(Semantics sem, MethodRef x, Set<String> queryObjects) {
        for (CallSite w : x.method().body().calls()) {
            if (w.args().isEmpty() || !sem.catalog().terms(Vocabulary.WRAPPER_WHERE_METHODS).has(w.name())
                    || queryObjects != null && (w.receiver().kind() != Receiver.Kind.NAME
                    || !queryObjects.contains(w.receiver().name()))) {
                continue;
            }
            Arg a = w.args().get(0);
            String col = null;
            if (a.stringValue() != null) {
                col = a.stringValue().toLowerCase(Locale.ROOT);
            } else if (a.text().contains("::")) {
                String getter = a.text().substring(a.text().indexOf("::") + 2).trim().replaceFirst("^(get|is)", "");
                col = io.idemcheck.core.sql.SqlModel.snake(getter.isEmpty() ? getter
                        : Character.toLowerCase(getter.charAt(0)) + getter.substring(1));
            }
            if (col != null && sem.catalog().isStatusColumn(col)) {
                return col;
            }
        }
        return null;
    }

}
