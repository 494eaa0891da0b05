package io.idemcheck.rules;

import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.LambdaFact;
import io.idemcheck.core.facts.LocalVar;
import io.idemcheck.core.facts.LoopFact;
import io.idemcheck.core.facts.Range;
import io.idemcheck.core.facts.Receiver;
import io.idemcheck.core.finding.Fix;
import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.rule.MethodContext;
import io.idemcheck.core.rule.MethodRule;
import io.idemcheck.core.rule.RuleContext;
import io.idemcheck.core.rule.RuleInfo;
import io.idemcheck.core.rule.RuleTrace;
import io.idemcheck.core.sql.SqlFacts;
import io.idemcheck.core.summary.CallInfo;
import io.idemcheck.core.summary.EffectTrace;
import io.idemcheck.core.summary.Semantics;
import io.idemcheck.core.summary.Transactions;
import io.idemcheck.rules.fix.RuleFixes;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * IDEM002: a method that runs in one transaction loops over many items and does per-item work (writes, or side
 * effects) inside it. One failing item rolls back every item already done, the transaction holds its locks and a
 * connection for the whole batch, and external calls made inside it are not undone by the rollback. Reported once
 * per loop, at the outermost loop that does per-item work inside the transaction; an error when the work reaches an
 * external side effect, a warning otherwise.
 */
@RuleInfo(id = "IDEM002", name = "TransactionalBatchLoop",
        summary = "A whole batch runs in one transaction: one bad item rolls back all, locks are held throughout",
        severity = Severity.ERROR, tags = {"transaction", "batch", "restart-safety"}, precision = "medium")
public final class TransactionalBatchLoop implements MethodRule {

    /** Collection literals with at most this many elements are a fixed number of steps, not a batch. */
    private static final int TINY = 3;

    /** Main code with a body. */
    @Override
    public boolean accepts(MethodRef m, RuleTrace trace) {
        return MethodGates.mainCodeWithBody(m, trace);
    }

    /** Checks one method; with an enabled trace, writes each loop's conditions and verdict to it. */
    @Override
    public void checkMethod(MethodContext mc) {
        MethodRef m = mc.method();
        Semantics sem = mc.semantics();
        RuleTrace trace = mc.trace();
        TxScope methodScope = TxScope.ofMethod(sem, m);
        List<TxScope> templates = TxScope.inMethod(sem, m);
        if (methodScope == null && templates.isEmpty()) {
            trace.missing(0, "the method", "a transaction around a loop: the method does not start a write "
                    + "transaction (@Transactional), runs no TransactionTemplate around a loop and begins none by "
                    + "hand (catalog transactionBeginCalls)");
            return;
        }
        if (methodScope != null) {
            trace.held(0, "the method", "it runs in one transaction: " + methodScope.describe());
        }
        if (m.method().body().loops().isEmpty()) {
            trace.missing(0, "the method", "a loop: the method has none");
        }
        checkHelpers(mc, methodScope, templates);
        List<LoopFact> reported = new ArrayList<>();
        for (LoopFact loop : m.method().body().loops()) {
            int line = loop.range().line();
            String subject = "the loop";
            if (reported.stream().anyMatch(r -> contains(r.range(), loop.range()))) {
                trace.note(line, subject, "inside a loop already reported");
                continue;
            }
            TxScope scope = null;
            for (TxScope t : templates) {
                if (contains(t.within(), loop.range()) && !contains(loop.range(), t.start().range())) {
                    scope = t;
                }
            }
            if (scope == null) {
                scope = methodScope;
            }
            if (scope == null) {
                trace.missing(line, subject, "a transaction around this loop (the template's callback, or the "
                        + "transaction begun by hand up to its commit, does not contain it)");
                continue;
            }
            if (sem.loopOverLiteral(m, loop, TINY) || countedToConstant(loop)) {
                trace.missing(line, subject, "a batch: it walks a literal of at most " + TINY
                        + " elements or counts up to a constant, a fixed number of steps");
                continue;
            }
            trace.held(line, subject, "inside the transaction: " + scope.describe());
            List<CallSite> work = new ArrayList<>();
            List<CallSite> selfRequiresNew = new ArrayList<>();
            CallSite external = null;
            List<CallInfo> infos = mc.facts().infos();
            for (CallSite c : m.method().body().calls()) {
                if (!c.loopIds().contains(loop.id()) || mc.call(c).inAsyncHandoff()
                        || scope.within() != null && !contains(scope.within(), c.range())) {
                    continue;
                }
                CallInfo ci = infos.get(c.id());
                boolean effect = ci.effect() != null;
                if (!effect && !sem.writesDatabase(m, c)) {
                    continue;
                }
                String ownTx = ownTransaction(sem, ci);
                if (ownTx != null) {
                    if (c.receiver().kind() == Receiver.Kind.NONE || c.receiver().kind() == Receiver.Kind.THIS) {
                        selfRequiresNew.add(c);
                    } else {
                        continue; // another bean's REQUIRES_NEW method: one transaction per item
                    }
                }
                work.add(c);
                if (effect && !ci.effect().isDatabaseLocal() && external == null) {
                    external = c;
                }
            }
            if (work.isEmpty()) {
                trace.missing(line, subject, "work per item: no call in the loop (outside async hand-offs) writes "
                        + "the database or has a side effect");
                continue;
            }
            String entry = mc.facts().entryPoint();
            String byState = external == null && entry == null && !batch(sem, m, loop)
                    ? StateSelectedLoops.unattendedSelectionByState(sem, m, loop) : null;
            if (byState != null) {
                trace.held(line, subject, "independent work items: the method runs unattended and selects the rows "
                        + "itself by their state (" + byState + ")");
            }
            if (external == null && entry == null && !batch(sem, m, loop) && byState == null) {
                // database work only, over the caller's own list (the children of one aggregate, an import): the
                // one transaction is the all-or-nothing the caller asked for, not a batch of independent work items
                trace.missing(line, subject, "independent work items: the loop only writes the database, over rows "
                        + "the method does not select itself (they depend on its parameters), and the method is no "
                        + "job entry; one transaction is then the all-or-nothing its caller asked for");
                continue;
            }
            if (trace.enabled()) {
                trace.fired(line, subject, "its items share one transaction: " + (external != null
                        ? "a failure rolls back the database work of items already done, not " + Semantics.display(external)
                        : "a failure rolls back the work of every item before it"));
            }
            reported.add(loop);
            report(mc, loop, scope, work, external, selfRequiresNew, infos);
        }
    }

    /**
     * The batches the method's transaction runs through helpers: a call, outside the method's own loops, of a method
     * whose loop drains a source or walks rows it selects, with an external call per item
     * ({@link TransactionalHelperLoops}). Reported at the call.
     */
    private void checkHelpers(MethodContext mc, TxScope methodScope, List<TxScope> templates) {
        MethodRef m = mc.method();
        Semantics sem = mc.semantics();
        RuleTrace trace = mc.trace();
        for (CallSite c : m.method().body().calls()) {
            TxScope scope = null;
            for (TxScope t : templates) {
                if (contains(t.within(), c.range()) && t.start() != c) {
                    scope = t;
                }
            }
            if (scope == null) {
                scope = methodScope;
            }
            if (scope == null) {
                continue;
            }
            TransactionalHelperLoops.HelperBatch hb = TransactionalHelperLoops.helperBatch(sem, m, c);
            if (hb == null) {
                continue;
            }
            if (trace.enabled()) {
                trace.fired(c.range().line(), Semantics.display(c), "it runs the batch of "
                        + hb.helper().type().simpleName() + "." + hb.helper().method().name() + "() (the loop at line "
                        + hb.loop().range().line() + ") inside this transaction: " + scope.describe());
            }
            reportHelper(mc, scope, hb);
        }
    }

    private void reportHelper(MethodContext mc, TxScope scope, TransactionalHelperLoops.HelperBatch hb) {
        MethodRef m = mc.method();
        MethodRef h = hb.helper();
        String helper = h.type().simpleName() + "." + h.method().name() + "()";
        StringBuilder through = new StringBuilder();
        for (MethodRef v : hb.via()) {
            through.append(through.length() == 0 ? " through " : ", ").append(v.type().simpleName()).append('.')
                    .append(v.method().name()).append("()");
        }
        String msg = Semantics.display(hb.call()) + " runs a whole batch inside this method's transaction ("
                + scope.describe() + ")" + through + ": " + helper + (hb.via().isEmpty() ? "" : " (like the helpers "
                + "before it)") + " declares no transaction of its own and "
                + (hb.drain() ? "drains its source item by item (the loop at line " + hb.loop().range().line() + ")"
                : hb.handed() ? "loops over the rows its caller selected and handed down (the loop at line "
                + hb.loop().range().line() + ")"
                : "loops over rows it selects itself (the loop at line " + hb.loop().range().line() + ")")
                + ", calling " + Semantics.display(hb.external()) + " at line " + hb.external().range().line()
                + " for each item. The transaction and its database connection are held for the whole batch, and a "
                + "failure on one item rolls back the database work of every item before it while their external "
                + "calls stay done, so a rerun repeats them.";
        RuleContext.FindingBuilder b = mc.finding(mc.location(hb.call().range(), null)).message(msg)
                .enclosing(mc.enclosing()).construct(hb.call().text())
                .severity(Severity.ERROR);
        if (scope.start() != null) {
            b.related(Semantics.location(m, scope.start().range(), "the transaction starts here"));
        }
        b.flow(Semantics.location(m, hb.call().range(), "the batch runs inside the caller's transaction"));
        for (MethodRef v : hb.via()) {
            b.flow(Semantics.location(v, v.method().nameRange(), v.type().simpleName() + "." + v.method().name()
                    + "() joins the caller's transaction"));
        }
        b.related(Semantics.location(h, hb.loop().range(), "the batch loop, in the caller's transaction"));
        b.flow(Semantics.location(h, hb.loop().range(), "one item per iteration"));
        b.related(Semantics.location(h, hb.external().range(), Semantics.display(hb.external())
                + " calls out; the rollback cannot undo it"));
        b.flow(Semantics.location(h, hb.external().range(), Semantics.display(hb.external()) + " calls out"));
        b.fix(fix(h, hb.loop(), scope));
        b.report();
    }

    private static final java.util.regex.Pattern COUNTED = java.util.regex.Pattern.compile(
            "\\s*\\w+\\s*<=?\\s*([A-Z][A-Z0-9_]*|\\w+\\.[A-Z][A-Z0-9_]*|\\d+)\\s*");

    /**
     * {@code for (int i = 1; i <= PRE_CREATION; i++)}: a counter up to a constant makes a fixed number of rows (the
     * slots of one setting), it does not walk a batch of stored items.
     */
    private static boolean countedToConstant(LoopFact loop) {
        return loop.kind().equals("for") && COUNTED.matcher(loop.iterable()).matches();
    }

    /**
     * True when the loop (or a loop nested in it) is a batch over stored work items: it iterates rows read through a
     * mapper, DAO or repository whose query does not depend on the method's parameters (a scan such as
     * {@code selectPending()}, {@code findByStatus("OPEN")}, {@code getTimeOutOrders(setting.getOvertime())}).
     */
    static boolean batch(Semantics sem, MethodRef m, LoopFact loop) {
        for (LoopFact l : m.method().body().loops()) {
            if (contains(loop.range(), l.range()) && selects(sem, m, feedingCalls(sem, m, l))) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when one of the {@code feeding} calls of {@code m} reads rows through a mapper, DAO or repository (or runs a
     * SELECT) with a query that does not depend on {@code m}'s parameters: a scan, not the rows of a caller's key.
     */
    static boolean selects(Semantics sem, MethodRef m, List<CallSite> feeding) {
        Set<String> params = new HashSet<>();
        m.method().params().forEach(p -> params.add(p.name()));
        // what a lambda is given by its caller (a transaction template's handle on the DAOs) is given, not selected
        for (LambdaFact lf : m.method().body().lambdas()) {
            if (m.method().body().loops().stream().noneMatch(l -> l.vars().equals(lf.params()))) {
                params.addAll(lf.params());
            }
        }
        for (CallSite read : feeding) {
            if (read.assignedTo() != null && feeding.stream().anyMatch(o -> o != read
                    && o.args().stream().anyMatch(a -> a.names().contains(read.assignedTo())))) {
                continue; // it builds the query another read runs (a wrapper), it does not select the rows
            }
            CallInfo ci = sem.calls(m).get(read.id());
            io.idemcheck.core.index.ResolvedType rt = ci.target().receiverType();
            boolean dataAccess = sem.index().typeOf(rt).filter(sem::isDataAccess).isPresent()
                    || ci.statements().stream().anyMatch(st -> st.kind() == SqlFacts.Kind.SELECT);
            if (!dataAccess) {
                continue;
            }
            Set<String> argNames = new HashSet<>();
            read.args().forEach(a -> argNames.addAll(a.names()));
            if (read.receiver().kind() == Receiver.Kind.NAME) {
                argNames.add(read.receiver().name()); // a read through what the caller handed in depends on it
            }
            // a query object is built by calls on it: wrapper.eq(Order::getTradeSn, tradeSn) keys the read
            for (CallSite b : m.method().body().calls()) {
                if (b.id() < read.id() && b.receiver().kind() == Receiver.Kind.NAME
                        && argNames.contains(b.receiver().name())
                        && m.method().body().locals().containsKey(b.receiver().name())) {
                    b.args().forEach(a -> argNames.addAll(a.names()));
                }
            }
            Set<String> roots = derivedFrom(sem, m, argNames);
            roots.retainAll(params);
            if (roots.isEmpty()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Names {@code names} derive from through locals and through loop variables (a loop variable derives from what
     * its loop iterates): {@code selectById(id)} inside {@code ids.forEach(id -> ..)} derives from {@code ids}.
     */
    static Set<String> derivedFrom(Semantics sem, MethodRef m, Set<String> names) {
        Set<String> out = new HashSet<>(sem.roots(m, names));
        boolean grew = true;
        for (int round = 0; grew && round < 8; round++) {
            grew = false;
            for (LoopFact l : m.method().body().loops()) {
                if (l.vars().stream().noneMatch(out::contains)) {
                    continue;
                }
                Set<String> src = new HashSet<>(l.names());
                for (CallSite c : feedingCalls(sem, m, l)) {
                    if (c.receiver().kind() == Receiver.Kind.NAME) {
                        src.add(c.receiver().name());
                    }
                    c.args().forEach(a -> src.addAll(a.names()));
                }
                for (String n : sem.roots(m, src)) {
                    grew |= out.add(n);
                }
            }
        }
        return out;
    }

    /** Calls whose result the loop iterates: in its iterable, in the locals it reads, or the forEach receiver chain. */
    static List<CallSite> feedingCalls(Semantics sem, MethodRef m, LoopFact loop) {
        List<CallSite> out = new ArrayList<>();
        List<CallSite> calls = m.method().body().calls();
        if (loop.kind().startsWith("lambda:")) {
            for (LambdaFact lf : m.method().body().lambdas()) {
                if (lf.params().equals(loop.vars()) && lf.ownerCallId() >= 0) {
                    CallSite cur = calls.get(lf.ownerCallId());
                    if (!contains(cur.range(), loop.range())) {
                        continue;
                    }
                    for (int g = 0; cur != null && g < 16; g++) {
                        out.add(cur);
                        Receiver r = cur.receiver();
                        if (r.kind() == Receiver.Kind.CALL) {
                            cur = calls.get(r.callId());
                        } else {
                            if (r.kind() == Receiver.Kind.NAME) {
                                addLocalInits(sem, m, Set.of(r.name()), out);
                            }
                            cur = null;
                        }
                    }
                }
            }
            return out;
        }
        for (CallSite c : calls) {
            if (!c.loopIds().contains(loop.id()) && contains(loop.range(), c.range())) {
                out.add(c); // evaluated in the loop header: the iterable or the condition
            }
        }
        addLocalInits(sem, m, loop.names(), out);
        return out;
    }

    private static void addLocalInits(Semantics sem, MethodRef m, Set<String> names, List<CallSite> out) {
        for (String n : sem.roots(m, names)) {
            LocalVar lv = m.method().body().locals().get(n);
            if (lv != null) {
                lv.initCallIds().forEach(id -> out.add(m.method().body().calls().get(id)));
            }
        }
    }

    /**
     * The REQUIRES_NEW declaration of the project method a call runs (on the method, its class, or the interface
     * method it implements), or null.
     */
    static String ownTransaction(Semantics sem, CallInfo ci) {
        List<MethodRef> ts = new ArrayList<>(ci.target().targets());
        if (ci.target().declared() != null) {
            ts.add(ci.target().declared());
        }
        for (MethodRef t : ts) {
            Transactions.TxDeclaration d = sem.transactionDeclaration(t);
            if (d != null && d.propagation().equals("REQUIRES_NEW")) {
                return t.type().simpleName() + "." + t.method().name();
            }
        }
        return null;
    }

    static boolean contains(Range outer, Range inner) {
        return outer == null || outer.contains(inner);
    }

    // ---- messages ---------------------------------------------------------------------------------------------------

    private void report(MethodContext mc, LoopFact loop, TxScope scope, List<CallSite> work, CallSite external,
                        List<CallSite> selfRequiresNew, List<CallInfo> infos) {
        MethodRef m = mc.method();
        StringBuilder msg = new StringBuilder();
        msg.append("This loop runs every item in one transaction (").append(scope.describe()).append(") and does ")
                .append("per-item work inside it: ");
        for (int i = 0; i < Math.min(3, work.size()); i++) {
            CallSite c = work.get(i);
            msg.append(i == 0 ? "" : ", ").append(Semantics.display(c)).append(" at line ").append(c.range().line());
        }
        if (work.size() > 3) {
            msg.append(" and ").append(work.size() - 3).append(" more");
        }
        msg.append(". One failing item rolls back every item already done, so a rerun starts the whole batch "
                + "again; the transaction holds its row locks and a database connection for the whole batch, so "
                + "one slow item stalls other writers and drains the pool");
        if (external != null) {
            CallInfo ei = infos.get(external.id());
            msg.append("; and ").append(Semantics.display(external)).append(" at line ")
                    .append(external.range().line()).append(" ").append(EffectTrace.kindPhrase(ei.effect().kind()))
                    .append(" inside the transaction: the rollback does not undo it, so after a failure the "
                            + "remote side has changed for items the database says were never done, and a rerun "
                            + ei.effect().verb());
        }
        msg.append('.');
        if (!selfRequiresNew.isEmpty()) {
            CallSite s = selfRequiresNew.get(0);
            msg.append(" ").append(Semantics.display(s)).append(" is declared REQUIRES_NEW but is called on this "
                    + "object: the call does not go through the Spring proxy, so it gets no transaction of its own "
                    + "and joins the batch transaction; move it to another bean.");
        }
        Range first = new Range(loop.range().line(), loop.range().column(), loop.range().line(),
                loop.range().line() == loop.range().endLine() ? loop.range().endColumn() : loop.range().column() + 1);
        RuleContext.FindingBuilder b = mc.finding(mc.location(loop.range(), null))
                .message(msg.toString()).enclosing(mc.enclosing()).construct(constructText(loop))
                .severity(external != null ? Severity.ERROR : Severity.WARNING);
        if (scope.start() != null) {
            b.related(Semantics.location(m, scope.start().range(), "the transaction starts here"));
        }
        b.flow(Semantics.location(m, first, "the loop runs inside one transaction"));
        for (CallSite c : work) {
            CallInfo wi = infos.get(c.id());
            boolean callsOut = c == external || wi.effect() != null && !wi.effect().isDatabaseLocal();
            String label = Semantics.display(c) + (callsOut ? " calls out; the rollback cannot undo it"
                    : " writes inside the batch transaction");
            b.related(Semantics.location(m, c.range(), label));
            b.flow(Semantics.location(m, c.range(), label));
        }
        b.fix(RuleFixes.perItemTransaction(mc.project(), m, loop.vars().isEmpty() ? "item" : loop.vars().get(0),
                external != null ? external : work.isEmpty() ? null : work.get(0), fix(m, loop, scope)));
        b.report();
    }

    private static String constructText(LoopFact loop) {
        String it = loop.iterable();
        return loop.kind().startsWith("lambda:") ? loop.kind().substring(7) + "(..)"
                : loop.kind() + " (" + (it.length() > 80 ? it.substring(0, 80) + "..." : it) + ")";
    }

    private static Fix fix(MethodRef m, LoopFact loop, TxScope scope) {
        String item = loop.vars().isEmpty() ? "item" : loop.vars().get(0);
        String template = String.join("\n",
                "// no @Transactional on the batch method: one short transaction per item",
                "for (Item " + item + " : items) {",
                "    try {",
                "        transactionTemplate.executeWithoutResult(tx -> {",
                "            // claim: UPDATE <task_table> SET status = 'RUNNING' WHERE id = ? AND status = 'PENDING'",
                "            // per-item writes, then: UPDATE <task_table> SET status = 'DONE' WHERE id = ?",
                "        });",
                "        // external calls after the commit, with an idempotency key derived from " + item,
                "    } catch (RuntimeException e) {",
                "        // mark the item FAILED (own transaction) and go on with the next one",
                "    }",
                "}",
                "// or: itemProcessor.process(" + item + ") on another bean, annotated",
                "// @Transactional(propagation = Propagation.REQUIRES_NEW)");
        return Fix.of("Give each item its own short transaction (a per-item TransactionTemplate, or a "
                + "REQUIRES_NEW method on another bean) and keep the batch's progress in status columns "
                + "(PENDING, RUNNING, DONE, FAILED), so a failing item rolls back only itself, locks are held for "
                + "one item, and a rerun picks up where the batch stopped; make external calls after the item's "
                + "commit, with an idempotency key.", template);
    }
}
