package io.idemcheck.rules;

import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.GuardFact;
import io.idemcheck.core.facts.LambdaFact;
import io.idemcheck.core.facts.LoopFact;
import io.idemcheck.core.facts.MethodFacts;
import io.idemcheck.core.finding.Fix;
import io.idemcheck.core.finding.Location;
import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.rule.MethodContext;
import io.idemcheck.core.rule.MethodRule;
import io.idemcheck.core.rule.RuleContext;
import io.idemcheck.core.rule.RuleInfo;
import io.idemcheck.core.rule.RuleTrace;
import io.idemcheck.core.summary.CallInfo;
import io.idemcheck.core.summary.EffectTrace;
import io.idemcheck.core.summary.JobShapes;
import io.idemcheck.core.summary.MethodInfo;
import io.idemcheck.core.summary.Retries;
import io.idemcheck.core.summary.Semantics;
import io.idemcheck.rules.fix.RuleFixes;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * IDEM001: a side effect runs before the same item's state is recorded, with nothing between that makes a second run
 * safe (no idempotency key derived from the item, no checked conditional claim, not one transaction with the record).
 * Reported at the effect call in the method where the gap is; one finding per gap (a run of several effects before one
 * record is one finding). Also reports, once, a chain of two or more unprotected effects for one loop item with no
 * record at all: a crash midway leaves no trace of which steps ran.
 */
@RuleInfo(id = "IDEM001", name = "SideEffectBeforeStatusRecord",
        summary = "A side effect runs before the item's state is recorded, so a restart repeats it",
        severity = Severity.ERROR, tags = {"idempotency", "batch", "restart-safety"}, precision = "high")
public final class SideEffectBeforeStatusRecord implements MethodRule {

    /** Main code with a body holding at least one call. */
    @Override
    public boolean accepts(MethodRef m, RuleTrace trace) {
        return MethodGates.mainCodeWithCalls(m, trace);
    }

    /** Checks one method; with an enabled trace, writes each effect call's conditions and verdict to it. */
    @Override
    public void checkMethod(MethodContext mc) {
        MethodRef m = mc.method();
        Semantics sem = mc.semantics();
        RuleTrace trace = mc.trace();
        MethodInfo facts = mc.facts();
        List<CallInfo> infos = facts.infos();
        List<CallSite> calls = mc.calls();
        Set<Integer> consumed = new HashSet<>();
        boolean tx = facts.transactional();
        boolean anyEffect = false;
        String ackHandler = Retries.acknowledgedAfterReturn(sem.catalog(), sem.index(), m);
        for (CallSite e : calls) {
            CallInfo ei = infos.get(e.id());
            if (ei.effect() == null) {
                continue;
            }
            anyEffect = true;
            int line = e.range().line();
            String subject = trace.enabled() ? Semantics.display(e) : null;
            if (consumed.contains(e.id())) {
                trace.note(line, subject, "reported in the same finding as the effect before it");
                continue;
            }
            String protection = protection(facts, sem, e);
            if (protection != null) {
                trace.missing(line, subject, "an unprotected effect: " + protection);
                continue;
            }
            if (trace.enabled()) {
                trace.held(line, subject, "an unprotected side effect (" + ei.effect().kind() + ", down to "
                        + ei.effect().leaf() + "()): no idempotency key derived from the item, no checked claim "
                        + "guards it" + rejected(sem.keyRejection(m, e)));
            }
            CallSite record = JobShapes.firstRecordAfter(sem, m, e, infos);
            if (record != null) {
                if (trace.enabled()) {
                    trace.held(line, subject, "a record of the same item follows: " + Semantics.display(record)
                            + " at line " + record.range().line() + " (" + infos.get(record.id()).record() + ")");
                }
                String safe = JobShapes.repeatSafe(sem, m, e, record, infos);
                if (safe != null) {
                    trace.missing(line, subject, "an effect a restart repeats with harm: " + safe);
                    continue;
                }
                if (infos.get(record.id()).deletesRow() && requestDriven(facts) && !overWorkItems(sem, m, e, true)) {
                    // deleting a row marks work done only for a later run that selects rows; a method that runs for
                    // a caller's own request (a login, an edit) has no such run, and the row is no work item
                    trace.missing(line, subject, "a record of a work item after it: " + Semantics.display(record)
                            + " at line " + record.range().line() + " deletes a row, which stops only a later run "
                            + "that selects rows, and this method runs for a caller's own request (no job entry "
                            + "point, listener or webhook reaches it, and the effect is in no loop over rows selected "
                            + "by their state)");
                    continue;
                }
                if (ei.effect().isDatabaseLocal() && (tx || sameTransactionLambda(sem, m, e, record))) {
                    trace.missing(line, subject, "an effect that commits on its own: it is an insert into the "
                            + "application's database in the same transaction as the record ("
                            + (tx ? "the method is transactional" : "one TransactionTemplate lambda") + ")");
                    continue;
                }
                List<CallSite> group = new ArrayList<>();
                group.add(e);
                for (int j = e.id() + 1; j < record.id(); j++) {
                    CallSite o = calls.get(j);
                    CallInfo oi = infos.get(j);
                    if (!consumed.contains(j) && unprotectedEffect(facts, sem, o) && !o.exclusiveWith(e)
                            && o.lambdaId() == e.lambdaId() && JobShapes.sameItem(sem, m, o, record, infos)
                            && !(oi.effect().isDatabaseLocal() && (tx || sameTransactionLambda(sem, m, o, record)))) {
                        group.add(o);
                    }
                }
                group.forEach(g -> consumed.add(g.id()));
                // the same step written twice in alternatives (both arms of a ternary or an if choosing the
                // channel) is one gap: one finding
                for (int j = e.id() + 1; j < record.id(); j++) {
                    CallSite o = calls.get(j);
                    if (o.exclusiveWith(e) && infos.get(j).effect() != null
                            && Semantics.display(o).equals(Semantics.display(e))) {
                        consumed.add(j);
                    }
                }
                reportGap(mc, sem, m, group, record, infos);
                trace.fired(line, subject, "the effect runs before the record at line " + record.range().line()
                        + (group.size() > 1 ? ", with " + (group.size() - 1) + " more effect(s) before it" : ""));
            } else if (!ei.effect().isDatabaseLocal() && JobShapes.managedStatusWrite(sem, m, e, infos) != null) {
                CallSite setter = JobShapes.managedStatusWrite(sem, m, e, infos);
                consumed.add(e.id());
                reportAtCommit(mc, m, e, setter, infos);
                trace.fired(line, subject, "the status set by " + Semantics.display(setter) + " at line "
                        + setter.range().line() + " on a managed entity is written only when the transaction commits, "
                        + "after the effect");
            } else if (ackHandler != null && !ei.effect().isDatabaseLocal() && e.catchDepth() == 0
                    && e.lambdaId() < 0 && !recordedBefore(sem, m, e, infos, calls)) {
                // the handler's delivery is recorded as processed only after it returns: that acknowledgement is
                // the record, and every unprotected effect in the handler's normal path comes before it
                List<CallSite> group = new ArrayList<>();
                group.add(e);
                for (int j = e.id() + 1; j < calls.size(); j++) {
                    CallSite o = calls.get(j);
                    CallInfo oi = infos.get(j);
                    if (!consumed.contains(j) && unprotectedEffect(facts, sem, o) && !oi.effect().isDatabaseLocal()
                            && o.catchDepth() == 0 && o.lambdaId() < 0
                            && !Semantics.display(o).equals(Semantics.display(e))) {
                        group.add(o);
                    }
                }
                group.forEach(g -> consumed.add(g.id()));
                reportBeforeAck(mc, m, group, ackHandler, infos);
                trace.fired(line, subject, "no record follows in this method, and it is the " + ackHandler
                        + ": its delivery is recorded as processed only after it returns, so the effect comes first"
                        + (group.size() > 1 ? " (with " + (group.size() - 1) + " more effect(s))" : ""));
            } else if (!e.loopIds().isEmpty() && !(ei.effect().isDatabaseLocal() && tx)
                    && !recordedBefore(sem, m, e, infos, calls)
                    && (facts.isEntryPoint() || sem.loopOverSelectedRows(m,
                    m.method().body().loops().get(e.loopIds().get(0))))) {
                // a chain of effects for one work item with no record at all (only for batches over selected rows or
                // in job entry points: a loop over configuration or listeners is not a batch of work items)
                List<CallSite> chain = new ArrayList<>();
                chain.add(e);
                int loop = e.loopIds().get(e.loopIds().size() - 1);
                for (int j = e.id() + 1; j < calls.size(); j++) {
                    CallSite o = calls.get(j);
                    // a step in a catch block entered after e runs when something failed: it is the failure
                    // handling of this item (re-queue it), not its next step
                    if (!consumed.contains(j) && o.loopIds().contains(loop) && !o.exclusiveWith(e)
                            && o.lambdaId() == e.lambdaId() && o.catchDepth() <= e.catchDepth()
                            && unprotectedEffect(facts, sem, o)
                            && !(infos.get(j).effect().isDatabaseLocal() && tx)) {
                        chain.add(o);
                    }
                }
                // a chain is of distinct steps: the same call written twice (a postpone in the try and again in
                // its catch) is one step done on one path or the other
                long steps = chain.stream().map(c -> Semantics.display(c)).distinct().count();
                if (steps >= 2 && !(chain.stream().allMatch(c -> infos.get(c.id()).effect().isDatabaseLocal()))) {
                    chain.forEach(g -> consumed.add(g.id()));
                    reportChain(mc, m, chain, infos);
                    trace.fired(line, subject, "no record follows, and " + (chain.size() - 1)
                            + " more unprotected effect(s) run after it for the same loop item");
                } else if (trace.enabled()) {
                    trace.missing(line, subject, "a record of the same item after it: none follows in this method"
                            + " (nor a second unprotected effect for the same loop item, which would make an "
                            + "unrecorded chain)" + passedUp(sem, m));
                }
            } else if (trace.enabled()) {
                String why = e.loopIds().isEmpty() ? ""
                        : recordedBefore(sem, m, e, infos, calls) ? "; the item's state is recorded before it"
                        : "; the loop is not over selected rows and the method is no job entry point";
                trace.missing(line, subject, "a record of the same item after it: none follows in this method"
                        + why + passedUp(sem, m));
            }
        }
        if (!anyEffect) {
            trace.missing(0, "the method", "a side effect: no call in this method is one (see each call's roles)");
        }
    }

    /** ", so the effect is passed up to the method's callers (its summary), where IDEM001 looks for the record". */
    private static String passedUp(Semantics sem, MethodRef m) {
        int n = sem.summary(m).effects().size();
        return n == 0 ? "" : "; this method's summary passes " + n + " unrecorded effect" + (n == 1 ? "" : "s")
                + " to its callers, where the record is looked for";
    }

    private static boolean unprotectedEffect(MethodInfo facts, Semantics sem, CallSite c) {
        return facts.call(c).info().effect() != null && protection(facts, sem, c) == null;
    }

    /**
     * What makes effect call {@code c} safe to repeat, in words, or null when nothing does: a key derived from the
     * item, the call being a record itself, a checked claim guarding it, or (for an insert into the application's own
     * database) not being batch code.
     */
    /** "; the key was rejected: <why>" for an effect whose key-like value is no key, for the trace; else "". */
    private static String rejected(String why) {
        return why == null ? "" : "; the key was rejected: " + why;
    }

    private static String protection(MethodInfo facts, Semantics sem, CallSite c) {
        MethodRef m = facts.method();
        MethodInfo.Call fact = facts.call(c);
        CallInfo ci = fact.info();
        if (ci.keyed()) {
            return "it carries an idempotency key derived from the item";
        }
        if (ci.isRecord()) {
            return "the call records the item's state itself (" + ci.record() + ")";
        }
        CallSite claim = fact.guardingClaim();
        if (claim != null) {
            return "the claim " + Semantics.display(claim) + " at line " + claim.range().line()
                    + " guards it and its row count is checked";
        }
        String idem = sem.catalog().terms(Vocabulary.IDEMPOTENT_EFFECT_METHODS).matching(c.name());
        if (idem != null) {
            return "a repetition of " + c.name() + "() changes nothing (catalog.json idempotentEffectMethods: "
                    + idem + ")";
        }
        String ownId = JobShapes.ownIdInsert(sem, m, c, ci);
        if (ownId != null) {
            return ownId;
        }
        // an insert into the application's own database is a restart risk in batch code (a job, a listener, a
        // loop over selected rows); in request-driven code the caller sees the failure and nothing re-runs it
        if (ci.effect().isDatabaseLocal() && !facts.reachableFromEntryPoint()
                && !overWorkItems(sem, m, c, requestDriven(facts))) {
            return "it is an insert into the application's own database outside batch code (not reachable from a "
                    + "job entry point, not in a loop over rows selected as work items)";
        }
        return null;
    }

    /**
     * True when {@code m} runs only for a caller's own request: it is no job entry point (scheduler, listener, webhook,
     * an endpoint an outside cron calls), none reaches it, and no delivery is redelivered to it. A failure there is
     * seen by the caller, and no run selects its rows again.
     */
    private static boolean requestDriven(MethodInfo facts) {
        return !facts.reachableFromEntryPoint() && !facts.isEntryPoint() && facts.redelivered() == null;
    }

    /**
     * True when call {@code c} sits in a loop over rows read from the database. With {@code request} (the method runs
     * for a caller's own request), only rows selected by their state count (selectPending, a WHERE on a status column):
     * rows looked up by the keys the caller passed (copy these definitions) are the caller's objects, not a batch of
     * work items. A loop whose rows cannot be told (a forEach lambda) counts.
     */
    private static boolean overWorkItems(Semantics sem, MethodRef m, CallSite c, boolean request) {
        for (int l : c.loopIds()) {
            LoopFact loop = m.method().body().loops().get(l);
            if (sem.loopOverSelectedRows(m, loop) && (!request || selectedByState(sem, m, loop))) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when the rows {@code loop} iterates were selected by their state: the call that read them has a WHERE on a
     * status column, is named for a status (selectByStatus) or is passed a state constant (see
     * {@link MissingUniqueBusinessKey#selectsByStatus}). True as well when the rows' source is not a local read in
     * this method (a forEach over a call chain), which cannot be told.
     */
    private static boolean selectedByState(Semantics sem, MethodRef m, LoopFact loop) {
        if (loop.kind().startsWith("lambda:")) {
            return true;
        }
        List<CallInfo> infos = sem.calls(m);
        Set<String> names = new HashSet<>(loop.names());
        names.addAll(sem.roots(m, loop.names()));
        boolean any = false;
        for (String n : names) {
            io.idemcheck.core.facts.LocalVar lv = m.method().body().locals().get(n);
            if (lv == null) {
                continue;
            }
            for (int id : lv.initCallIds()) {
                any = true;
                if (MissingUniqueBusinessKey.selectsByStatus(sem.catalog(), m.method().body().calls().get(id),
                        infos.get(id))) {
                    return true;
                }
            }
        }
        return !any;
    }

    private static boolean recordedBefore(Semantics sem, MethodRef m, CallSite e, List<CallInfo> infos,
                                          List<CallSite> calls) {
        for (int j = 0; j < e.id(); j++) {
            CallSite r = calls.get(j);
            if (infos.get(j).isRecord() && !r.exclusiveWith(e) && JobShapes.sameItem(sem, m, e, r, infos)) {
                return true;
            }
        }
        return false;
    }

    private static boolean sameTransactionLambda(Semantics sem, MethodRef m, CallSite e, CallSite r) {
        if (e.lambdaId() < 0 || e.lambdaId() != r.lambdaId()) {
            return false;
        }
        LambdaFact lf = m.method().body().lambdas().get(e.lambdaId());
        if (lf.ownerCallId() < 0) {
            return false;
        }
        return sem.runsLambdaInTransaction(m, m.method().body().calls().get(lf.ownerCallId()));
    }

    // ---- messages ---------------------------------------------------------------------------------------------------

    /**
     * The call that hands effect {@code e} to another thread (an executor's submit, a future's runAsync: the catalog's
     * {@code asyncHandoffMethods}) when {@code record} is not inside the same hand-off; null when the effect runs in
     * the record's own sequence.
     */
    private static CallSite handoff(Semantics sem, MethodRef m, CallSite e, CallSite record) {
        List<CallSite> recordOwners = m.method().body().lambdaOwners(record);
        for (CallSite owner : m.method().body().lambdaOwners(e)) {
            if (sem.catalog().terms(io.idemcheck.core.catalog.Vocabulary.ASYNC_HANDOFF_METHODS).has(owner.name())
                    && !sem.runsLambdaInTransaction(m, owner) && !recordOwners.contains(owner)) {
                return owner;
            }
        }
        return null;
    }

    private void reportGap(MethodContext mc, Semantics sem, MethodRef m, List<CallSite> group, CallSite record,
                           List<CallInfo> infos) {
        CallSite e = group.get(0);
        EffectTrace t = infos.get(e.id()).effect();
        CallInfo ri = infos.get(record.id());
        StringBuilder msg = new StringBuilder();
        CallSite handoff = handoff(sem, m, e, record);
        if (handoff != null) {
            // the effect runs on another thread: no order holds between it and the record
            msg.append(Semantics.display(e)).append(" at line ").append(e.range().line()).append(' ')
                    .append(describe(t)).append(" on another thread: ").append(Semantics.display(handoff))
                    .append(" at line ").append(handoff.range().line()).append(" hands it off, so it may run before, "
                            + "after or without ").append(Semantics.display(record)).append(" at line ")
                    .append(record.range().line()).append(", which records the item's state; if the process dies "
                            + "after the effect and before the record, a restart ").append(t.verb()).append('.');
        } else {
            msg.append(Semantics.display(e)).append(" at line ").append(e.range().line()).append(' ')
                    .append(describe(t)).append(" before ").append(Semantics.display(record)).append(" at line ")
                    .append(record.range().line()).append(" records the item's state; if the process dies between "
                            + "them, a restart ").append(t.verb()).append('.');
        }
        if (group.size() > 1) {
            msg.append(" ").append(group.size() - 1).append(group.size() == 2 ? " more effect (" : " more effects (");
            for (int i = 1; i < group.size(); i++) {
                msg.append(i > 1 ? ", " : "").append(Semantics.display(group.get(i))).append(" at line ")
                        .append(group.get(i).range().line());
            }
            msg.append(") also run").append(group.size() == 2 ? "s" : "").append(" before the record.");
        }
        CallSite ignored = ignoredClaim(sem, m, e, infos);
        if (ignored != null) {
            msg.append(" The claim ").append(Semantics.display(ignored)).append(" at line ")
                    .append(ignored.range().line()).append(" does not protect it: its row count is never checked.");
        } else {
            msg.append(nothingBetween(sem, m, e));
        }
        msg.append(basisNote(t, ri));
        String enclosing = m.type().fqn() + "#" + m.method().signature();
        RuleContext.FindingBuilder b = mc.finding(Semantics.location(m, e.range(), null))
                .message(msg.toString()).enclosing(enclosing).construct(e.text());
        for (int i = 1; i < t.hops().size(); i++) {
            b.related(t.hops().get(i));
        }
        for (int i = 1; i < group.size(); i++) {
            CallSite o = group.get(i);
            b.related(Semantics.location(m, o.range(), Semantics.display(o) + " is another effect before the record"));
        }
        Location recLoc = Semantics.location(m, record.range(), ri.record());
        b.related(recLoc);
        if (ignored != null) {
            b.related(Semantics.location(m, ignored.range(), "claim whose row count is ignored"));
        }
        for (Location hop : t.hops()) {
            b.flow(hop);
        }
        b.flow(recLoc.withLabel("the state is recorded only here: " + ri.record()));
        b.fix(RuleFixes.sideEffectBeforeRecord(mc.project(), m, e, record));
        EntryChains.to(mc.project().semantics(), m, e).forEach(b::related);
        b.report();
    }

    /** " Nothing between makes a second run safe: ..." for effect {@code e}: no key from the item reaches it, or the
     * key it sends changes on every run (a random or clock value, {@link Semantics#unstableKey}); and no claim. */
    private static String nothingBetween(Semantics sem, MethodRef m, CallSite e) {
        String unstable = sem.unstableKey(m, e);
        return " Nothing between makes a second run safe: " + (unstable != null
                ? "a key is sent with the effect, but it changes on every run (it holds " + unstable.replaceAll(
                "\\($", "()") + ", a random or clock value), so the downstream does not recognise a retry"
                : "no idempotency key derived from the item reaches the effect") + ", and the row is not claimed "
                + "first with a conditional update whose row count is checked.";
    }

    private void reportAtCommit(MethodContext mc, MethodRef m, CallSite e, CallSite setter, List<CallInfo> infos) {
        EffectTrace t = infos.get(e.id()).effect();
        MethodRef txOwner = JobShapes.transactionOf(mc.project().semantics(), m);
        String where = txOwner == null || txOwner.equals(m) ? m.method().name() + "()"
                : "its caller " + txOwner.method().name() + "() (line " + txOwner.method().range().line()
                + ", a call on the same object, so " + m.method().name() + "() runs in that transaction)";
        String msg = Semantics.display(e) + " at line " + e.range().line() + " " + describe(t) + " inside the "
                + "transaction of " + where + ", but the item's new status, set by "
                + Semantics.display(setter) + " at line " + setter.range().line() + " on an entity the persistence "
                + "context manages, is written only when the transaction commits, after the effect; if the process "
                + "dies or the commit fails in between, the status is not recorded and a restart " + t.verb()
                + "." + nothingBetween(mc.semantics(), m, e) + likelyNote(t);
        String enclosing = m.type().fqn() + "#" + m.method().signature();
        RuleContext.FindingBuilder b = mc.finding(Semantics.location(m, e.range(), null)).message(msg)
                .enclosing(enclosing).construct(e.text());
        for (int i = 1; i < t.hops().size(); i++) {
            b.related(t.hops().get(i));
        }
        Location rec = Semantics.location(m, setter.range(), "status set here, written at commit");
        b.related(rec);
        if (txOwner != null && !txOwner.equals(m)) {
            b.related(Semantics.location(txOwner, txOwner.method().range(), "the transaction that commits it: "
                    + txOwner.method().name() + "()"));
        }
        for (Location hop : t.hops()) {
            b.flow(hop);
        }
        b.flow(rec.withLabel("the state is recorded only when the transaction commits"));
        b.fix(Fix.of("Commit the new status (or a claim) in its own transaction before the effect, or give the "
                + "effect an idempotency key derived from the item.", null));
        EntryChains.to(mc.project().semantics(), m, e).forEach(b::related);
        b.report();
    }

    private void reportBeforeAck(MethodContext mc, MethodRef m, List<CallSite> group, String handler,
                                 List<CallInfo> infos) {
        CallSite e = group.get(0);
        EffectTrace t = infos.get(e.id()).effect();
        StringBuilder msg = new StringBuilder();
        msg.append(Semantics.display(e)).append(" at line ").append(e.range().line()).append(' ').append(describe(t))
                .append(" in ").append(m.method().name()).append("(), a ").append(handler)
                .append(" whose delivery is recorded as processed only after it returns; if the process dies in "
                        + "between, the delivery is made again and ").append(t.verb()).append('.');
        if (group.size() > 1) {
            msg.append(" ").append(group.size() - 1).append(group.size() == 2 ? " more effect (" : " more effects (");
            for (int i = 1; i < group.size(); i++) {
                msg.append(i > 1 ? ", " : "").append(Semantics.display(group.get(i))).append(" at line ")
                        .append(group.get(i).range().line());
            }
            msg.append(") also run").append(group.size() == 2 ? "s" : "").append(" before it returns.");
        }
        msg.append(" Nothing records which deliveries were already handled: no idempotency key derived from the "
                + "event reaches the effect, and no row is claimed or marked before it.");
        msg.append(basisNote(t, null));
        String enclosing = m.type().fqn() + "#" + m.method().signature();
        RuleContext.FindingBuilder b = mc.finding(Semantics.location(m, e.range(), null))
                .message(msg.toString()).enclosing(enclosing).construct(e.text());
        for (int i = 1; i < t.hops().size(); i++) {
            b.related(t.hops().get(i));
        }
        for (int i = 1; i < group.size(); i++) {
            CallSite o = group.get(i);
            b.related(Semantics.location(m, o.range(), Semantics.display(o) + " is another effect before the return"));
        }
        Location handlerLoc = Semantics.location(m, m.method().nameRange(), "the " + handler
                + ": the delivery is recorded as processed when it returns");
        b.related(handlerLoc);
        for (Location hop : t.hops()) {
            b.flow(hop);
        }
        b.flow(handlerLoc.withLabel("the delivery is recorded as processed only after the handler returns"));
        b.fix(Fix.of("Give the effect an idempotency key derived from the event (its id) that the receiver dedupes "
                + "on, or record the event as handled (a conditional insert or claim whose result is checked) before "
                + "the effect.", null));
        EntryChains.to(mc.project().semantics(), m, e).stream()
                .filter(l -> l.startLine() != handlerLoc.startLine()).forEach(b::related);
        b.report();
    }

    private void reportChain(MethodContext mc, MethodRef m, List<CallSite> chain, List<CallInfo> infos) {
        CallSite e = chain.get(0);
        StringBuilder names = new StringBuilder();
        for (int i = 0; i < chain.size(); i++) {
            names.append(i == 0 ? "" : i == chain.size() - 1 ? " and " : ", ").append(Semantics.display(chain.get(i)))
                    .append(" (line ").append(chain.get(i).range().line()).append(')');
        }
        EffectTrace t = infos.get(e.id()).effect();
        String msg = names + " run one after another for each item with no record of which steps ran; if the process "
                + "dies midway, a restart repeats the steps that already ran (" + describe(t) + ", so a restart "
                + t.verb() + ")." + likelyNote(t);
        String enclosing = m.type().fqn() + "#" + m.method().signature();
        RuleContext.FindingBuilder b = mc.finding(Semantics.location(m, e.range(), null)).message(msg)
                .enclosing(enclosing).construct(e.text());
        for (int i = 1; i < chain.size(); i++) {
            CallSite o = chain.get(i);
            Location l = Semantics.location(m, o.range(), Semantics.display(o) + " is the next step");
            b.related(l);
        }
        for (CallSite c : chain) {
            b.flow(Semantics.location(m, c.range(), Semantics.display(c) + " runs"));
        }
        b.fix(Fix.of("Record each step's outcome (or claim the item first) and give every step an idempotency key "
                + "derived from the item, so a restart can tell which steps already ran.", null));
        EntryChains.to(mc.project().semantics(), m, e).forEach(b::related);
        b.report();
    }

    private static String describe(EffectTrace t) {
        String how = t.hops().size() > 1 ? " (through " + (t.hops().size() - 1) + " call"
                + (t.hops().size() > 2 ? "s" : "") + ", down to " + t.leaf() + "())" : "";
        String what = switch (t.kind()) {
            case "payment" -> "moves money";
            case "http" -> "calls a remote service";
            case "message" -> "sends a message";
            case "mail" -> "sends a mail";
            case "order" -> "places an order";
            case "db-insert" -> "inserts a row that is committed on its own";
            case "db-increment" -> "adds to a stored amount, committed on its own";
            default -> "has a side effect";
        };
        return what + how;
    }

    /** " (X.m() has no implementation in the sources; ..)" for a likely effect, else empty. */
    private static String likelyNote(EffectTrace t) {
        return t.likelyReason() == null ? "" : " (" + t.likelyReason() + ".)";
    }

    private static String basisNote(EffectTrace t, CallInfo record) {
        List<String> parts = new ArrayList<>();
        if (t.likelyReason() != null) {
            parts.add(t.likelyReason());
        } else if ("name".equals(t.basis())) {
            parts.add("the effect was recognised by its method name");
        }
        if (record == null) {
            // no record call: the delivery's acknowledgement is the record
        } else if ("sql".equals(record.basis())) {
            parts.add("the record was recognised from its SQL");
        } else if ("name".equals(record.basis())) {
            parts.add("the record was recognised by its method name");
        }
        return parts.isEmpty() ? "" : " (" + String.join("; ", parts) + ".)";
    }

    private static CallSite ignoredClaim(Semantics sem, MethodRef m, CallSite e, List<CallInfo> infos) {
        MethodFacts mf = m.method();
        for (CallSite c : mf.body().calls()) {
            if (c.id() >= e.id()) {
                break;
            }
            if (!IgnoredClaimResult.countedClaim(sem, infos.get(c.id())) || c.exclusiveWith(e)) {
                // a recovery sweep or a flag reset before the loop claims no item: no claim to call ignored
                continue;
            }
            boolean checked = c.use() == CallSite.Use.CONDITION;
            if (c.assignedTo() != null) {
                for (GuardFact g : mf.body().guards()) {
                    if (sem.roots(m, g.names()).contains(c.assignedTo())) {
                        checked = true;
                    }
                }
            }
            if (!checked) {
                return c;
            }
        }
        return null;
    }
}
