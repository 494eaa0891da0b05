package io.idemcheck.rules;

import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.facts.Body;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.GuardFact;
import io.idemcheck.core.facts.LocalVar;
import io.idemcheck.core.facts.LoopFact;
import io.idemcheck.core.facts.Receiver;
import io.idemcheck.core.facts.TypeRef;
import io.idemcheck.core.finding.Fix;
import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.index.ResolvedType;
import io.idemcheck.core.index.TypeEntry;
import io.idemcheck.core.rule.MethodContext;
import io.idemcheck.core.rule.MethodRule;
import io.idemcheck.core.rule.MethodRules;
import io.idemcheck.core.rule.RuleContext;
import io.idemcheck.core.rule.RuleInfo;
import io.idemcheck.core.rule.RuleTrace;
import io.idemcheck.core.sql.SqlStatement;
import io.idemcheck.core.summary.CallInfo;
import io.idemcheck.core.summary.Semantics;
import io.idemcheck.core.summary.StatusRows;
import io.idemcheck.rules.fix.RuleFixes;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * IDEM004: an in-memory status check ({@code if (t.getStatus() == PENDING)}, {@code .equals}, a switch on the status,
 * a negated early {@code continue}/{@code return}) on a status read earlier from the database guards a side effect or
 * a state write. The check and the act are two steps: a concurrent instance, or a restarted run, reads the same old
 * status and passes the same check, and both act. Reported at the guard's condition, once per guard. Not reported
 * when the act is itself a conditional update, or when a conditional claim whose row count is checked guards it.
 */
@RuleInfo(id = "IDEM004", name = "CheckThenActStatusGuard",
        summary = "An in-memory status check guards an action, so two runs can both pass it and both act",
        severity = Severity.WARNING, tags = {"concurrency", "idempotency", "restart-safety"}, precision = "medium")
public final class CheckThenActStatusGuard implements MethodRule {

    /** A status field read directly ({@code t.status}, {@code o.payState}): the catalog's statusWords. */
    private static final Pattern FIELD_STATUS = fieldStatus(String.join("|",
            Catalog.builtin().terms(Vocabulary.STATUS_WORDS).values()));

    private static Pattern fieldStatus(String words) {
        return Pattern.compile("\\b([a-z]\\w*)\\s*\\.\\s*(" + words.toLowerCase(java.util.Locale.ROOT) + "|\\w+(?:"
                + words + "))\\b(?!\\s*\\()");
    }
    private static final Pattern COMPARISON = Pattern.compile("==|!=|\\bequals(IgnoreCase)?\\s*\\(|\\bcontains\\s*\\(");

    /** Main code with a body. */
    @Override
    public boolean accepts(MethodRef m, RuleTrace trace) {
        return MethodGates.mainCodeWithBody(m, trace);
    }

    @Override
    public void explain(RuleContext ctx, MethodRef m, RuleTrace trace) {
        if (!accepts(m, trace)) {
            return;
        }
        checkMethod(MethodRules.explaining(ctx, m, trace));
        if (trace.steps().stream().noneMatch(st -> st.kind() == RuleTrace.Kind.MISSING
                || st.kind() == RuleTrace.Kind.FIRED)) {
            trace.missing(0, "the method", "a status check: none of its conditions tests a status");
        }
    }

    /** A status check: the read of the status and where the checked value came from. */
    record StatusCheck(String accessor, String variable, CallSite loadedBy, LoopFact loadedIn) {
    }

    /**
     * Checks one method; with an enabled trace, writes each status check's conditions and verdict to it (or, when the
     * method has no condition at all, that one is missing).
     */
    @Override
    public void checkMethod(MethodContext mc) {
        MethodRef m = mc.method();
        Semantics sem = mc.semantics();
        Body body = m.method().body();
        if (body.guards().isEmpty()
                && body.calls().stream().noneMatch(h -> StatusChecks.assertionGuard(sem, m, h) != null)) {
            mc.trace().missing(0, "the method", "a condition: the method has no if, switch, early exit or assertion "
                    + "call (catalog assertionGuardCalls, or a project helper that throws unless its argument is true)");
            return;
        }
        for (GuardFact g : body.guards()) {
            if (isLoopCondition(body, g)) {
                continue;
            }
            StatusCheck sc = statusCheck(sem, m, g);
            if (sc == null) {
                continue;
            }
            // if (..) fail(..) with a project helper that always throws leaves like if (..) throw ..
            CallSite exit = StatusChecks.throwingExit(sem, m, g);
            checkGuard(mc, g, sc, c -> (c.guardIds().contains(g.id())
                    || exit != null && StatusChecks.afterExit(body, g, exit, c)) && !g.callIds().contains(c.id()));
        }
        // a statement Assert.isTrue(cond, ..) / Preconditions.checkState(cond, ..), or a project helper that throws
        // unless its argument is true (Checks.require(cond, ..)), guards what it dominates
        for (CallSite h : body.calls()) {
            GuardFact g = StatusChecks.assertionGuard(sem, m, h);
            StatusCheck sc = g == null ? null : statusCheck(sem, m, g);
            if (sc != null) {
                checkGuard(mc, g, sc, c -> StatusChecks.dominates(h, c) && !g.callIds().contains(c.id()));
            }
        }
    }

    private void checkGuard(MethodContext mc, GuardFact g, StatusCheck sc,
                            java.util.function.Predicate<CallSite> guarded) {
        MethodRef m = mc.method();
        Semantics sem = mc.semantics();
        RuleTrace trace = mc.trace();
        Body body = m.method().body();
        List<CallInfo> infos = mc.facts().infos();
        {
            int line = g.range().line();
            String subject = trace.enabled() ? "the check `" + oneLine(g.text()) + "`" : null;
            if (trace.enabled()) {
                trace.held(line, subject, "it tests the status " + sc.accessor() + " as read " + (sc.loadedBy() != null
                        ? "by " + Semantics.display(sc.loadedBy()) + " at line " + sc.loadedBy().range().line()
                        : "with the rows of the loop at line " + sc.loadedIn().range().line()));
            }
            List<CallSite> acts = new ArrayList<>();
            String field = StatusRows.norm(field(sc.accessor()));
            for (CallSite c : body.calls()) {
                if (!guarded.test(c)) {
                    continue;
                }
                CallInfo ci = infos.get(c.id());
                if (!sem.writesDatabase(m, c) && !StatusActs.savesThroughDataAccess(sem, c, ci, 0)
                        && !StatusActs.dirtyWrite(sem, m, c)) {
                    continue;
                }
                if (!StatusActs.writesCheckedColumn(sem, m, c, ci, sc, field) || !StatusChecks.sameRow(sem, m, c, sc)) {
                    // a precondition for another row or column, or for an effect: not a transition guard
                    trace.note(c.range().line(), subject, Semantics.display(c) + " writes another column ("
                            + field + " is not set) or another row than the one checked");
                    continue;
                }
                boolean dirty = StatusActs.dirtyWrite(sem, m, c);
                java.util.Set<String> written = dirty ? Set.of(field) : StatusRows.writtenColumns(m, c, ci, sc.variable());
                String value = dirty ? c.args().get(0).text().trim()
                        : StatusRows.writtenValue(m, c, ci, sc.variable(), field);
                if (StatusChecks.converges(g.text(), value,
                        StatusRows.setsOtherStatus(sem.index().catalog(), written, field))) {
                    // every run writes the value the check excluded: a repeat changes nothing
                    trace.note(c.range().line(), subject, Semantics.display(c) + " writes the value the check "
                            + "excludes: a repeat changes nothing");
                    continue;
                }
                if (StatusActs.safe(sem, m, c, ci)) {
                    trace.note(c.range().line(), subject, Semantics.display(c) + " is atomic: a conditional update, "
                            + "or a checked claim guards it");
                } else if (ci.effect() == null && StatusActs.writesCheckedValue(c, ci, g)) {
                    trace.note(c.range().line(), subject, Semantics.display(c) + " writes only the state the check "
                            + "tested for: a repeat converges");
                } else if (StatusChecks.rowLocked(sem, m, mc.facts().locks(), sc.loadedBy(), c)) {
                    trace.note(c.range().line(), subject, Semantics.display(c) + " and the read run under a lock keyed "
                            + "by the row: a second run waits and fails the check");
                } else if (StatusActs.lockedRead(sem, m, sc, c)) {
                    trace.note(c.range().line(), subject, Semantics.display(c) + " writes a row read with a lock held "
                            + "(SELECT .. FOR UPDATE in a transaction): a second run waits and fails the check");
                } else {
                    acts.add(c);
                }
            }
            if (acts.isEmpty()) {
                trace.missing(line, subject, "an unprotected act on the checked status: no call it guards writes "
                        + "that status of the same row without a conditional update, a checked claim or a lock");
            } else {
                if (trace.enabled()) {
                    trace.fired(line, subject, "it guards " + Semantics.display(acts.get(0)) + " at line "
                            + acts.get(0).range().line() + ", which writes the checked status in a separate step");
                }
                // the effects the same check guards are what a second pass repeats: name them with the write
                for (CallSite c : body.calls()) {
                    CallInfo ci = infos.get(c.id());
                    if (guarded.test(c) && ci.effect() != null
                            && !ci.effect().isDatabaseLocal() && !acts.contains(c) && !StatusActs.safe(sem, m, c, ci)) {
                        acts.add(c);
                    }
                }
                acts.sort(java.util.Comparator.comparingInt(CallSite::id));
                report(mc, g, sc, acts, infos);
            }
        }
    }

    /** "order.getStatus()" -> "status", "coupon.isUsed()" -> "used", "job.status" -> "status". */
    static String field(String accessor) {
        Matcher mm = Pattern.compile("\\.\\s*(?:get|is)?(\\w+?)\\s*(?:\\(\\s*\\))?$").matcher(accessor.trim());
        return mm.find() ? mm.group(1) : null;
    }

    private static boolean isLoopCondition(Body body, GuardFact g) {
        for (LoopFact l : body.loops()) {
            if (l.iterable().equals(g.text()) && TransactionalBatchLoop.contains(l.range(), g.range())) {
                return true;
            }
        }
        return false;
    }

    // ---- recognising a status check on loaded data --------------------------------------------------------------------

    static StatusCheck statusCheck(Semantics sem, MethodRef m, GuardFact g) {
        Body body = m.method().body();
        String text = g.text().trim();
        boolean comparison = COMPARISON.matcher(text).find();
        // a status accessor called in the condition: t.getStatus() == .., "X".equals(t.getStatus()), switch
        for (int id : g.callIds()) {
            CallSite c = body.calls().get(id);
            if (!isAccessor(sem.catalog(), c)) {
                continue;
            }
            boolean bare = stripNegation(text).equals(c.text().trim());
            if (!comparison && !bare) {
                continue;
            }
            StatusCheck sc = loaded(sem, m, c);
            if (sc != null) {
                return sc;
            }
        }
        if (!comparison && !isBareName(stripNegation(text))) {
            return null;
        }
        // the status read into a local first: Integer status = order.getStatus(); if (status == 0)
        for (String n : g.names()) {
            LocalVar lv = body.locals().get(n);
            if (lv == null) {
                continue;
            }
            for (int id : lv.initCallIds()) {
                CallSite c = body.calls().get(id);
                if (isAccessor(sem.catalog(), c) && lv.initText() != null && lv.initText().trim().equals(c.text().trim())) {
                    StatusCheck sc = loaded(sem, m, c);
                    if (sc != null) {
                        return sc;
                    }
                }
            }
        }
        // a status field read directly: t.status == ..
        Matcher fm = FIELD_STATUS.matcher(text);
        while (comparison && fm.find()) {
            StatusCheck sc = loadedVariable(sem, m, fm.group(1), fm.group(1) + "." + fm.group(2));
            if (sc != null) {
                return sc;
            }
        }
        return null;
    }

    private static String stripNegation(String t) {
        String s = t.trim();
        while (s.startsWith("!")) {
            s = s.substring(1).trim();
        }
        while (s.startsWith("(") && s.endsWith(")")) {
            s = s.substring(1, s.length() - 1).trim();
        }
        return s;
    }

    private static final java.util.regex.Pattern BARE_NAME = java.util.regex.Pattern.compile("[A-Za-z_]\\w*");

    private static boolean isBareName(String s) {
        return BARE_NAME.matcher(s).matches();
    }

    private static boolean isAccessor(Catalog cat, CallSite c) {
        return c.argCount() == 0 && cat.terms(Vocabulary.STATUS_ACCESSORS).has(c.name())
                && c.receiver().kind() != Receiver.Kind.NONE
                && c.receiver().kind() != Receiver.Kind.THIS && c.receiver().kind() != Receiver.Kind.TYPE;
    }

    /** Where the object whose status accessor {@code c} reads came from, when it was read from storage. */
    private static StatusCheck loaded(Semantics sem, MethodRef m, CallSite c) {
        Body body = m.method().body();
        Receiver r = c.receiver();
        String accessor = c.text().trim();
        if (r.kind() == Receiver.Kind.NAME) {
            return loadedVariable(sem, m, r.name(), accessor);
        }
        if (r.kind() == Receiver.Kind.CALL) {
            CallSite cur = body.calls().get(r.callId());
            for (int guard = 0; cur != null && guard < 16; guard++) {
                if (isRead(sem, m, cur)) {
                    return new StatusCheck(accessor, null, cur, null);
                }
                Receiver cr = cur.receiver();
                if (cr.kind() == Receiver.Kind.CALL) {
                    cur = body.calls().get(cr.callId());
                } else if (cr.kind() == Receiver.Kind.NAME) {
                    return loadedVariable(sem, m, cr.name(), accessor);
                } else {
                    cur = null;
                }
            }
        }
        return null;
    }

    /**
     * The variable holds something read from storage: an element of a loop over a non-literal collection, or a local
     * whose value comes (through locals) from a read call (a mapper, DAO or repository, a project method named like
     * find/select/get/query/load/list). Parameters do not count: the caller's read is not visible here. Objects of
     * library types (an HTTP response's status) never count.
     */
    static StatusCheck loadedVariable(Semantics sem, MethodRef m, String var, String accessor) {
        Body body = m.method().body();
        if (libraryTyped(sem, m, var)) {
            return null;
        }
        for (LoopFact l : body.loops()) {
            if (l.vars().contains(var) && !sem.loopOverLiteral(m, l, Integer.MAX_VALUE)) {
                return new StatusCheck(accessor, var, null, l);
            }
        }
        LocalVar lv = body.locals().get(var);
        if (lv == null) {
            return null;
        }
        for (String n : sem.roots(m, Set.of(var))) {
            LocalVar x = body.locals().get(n);
            if (x == null) {
                continue;
            }
            for (int id : x.initCallIds()) {
                CallSite c = body.calls().get(id);
                if (isRead(sem, m, c)) {
                    return new StatusCheck(accessor, var, c, null);
                }
            }
            for (LoopFact l : body.loops()) {
                if (l.vars().contains(n) && !n.equals(var) && !sem.loopOverLiteral(m, l, Integer.MAX_VALUE)) {
                    return new StatusCheck(accessor, var, null, l);
                }
            }
        }
        return null;
    }

    private static boolean libraryTyped(Semantics sem, MethodRef m, String var) {
        TypeRef tr = sem.index().variableType(m, var, false).orElse(null);
        if (tr == null || tr.isUnknown() || tr.name().equals("var")) {
            return false;
        }
        ResolvedType rt = sem.index().resolveType(tr.name(), m.file(), m.type());
        return rt.kind() == ResolvedType.Kind.LIBRARY || rt.kind() == ResolvedType.Kind.EXTERNAL;
    }

    /**
     * A call that reads stored state: on a data-access type, with a SELECT, or a project read method; never a call
     * through a remote client ({@link Semantics#remoteClientCall}), whatever its name.
     */
    static boolean isRead(Semantics sem, MethodRef m, CallSite c) {
        CallInfo ci = sem.calls(m).get(c.id());
        for (SqlStatement st : ci.statements()) {
            if (st.kind() == io.idemcheck.core.sql.SqlFacts.Kind.SELECT) {
                return true;
            }
        }
        ResolvedType rt = ci.target().receiverType();
        if (rt.kind() == ResolvedType.Kind.LIBRARY || sem.remoteClientCall(m, c)) {
            return false; // a remote client's answer (gateway.queryTrade(id)) is not the stored row
        }
        TypeEntry te = sem.index().typeOf(rt).orElse(null);
        if (te != null && sem.isDataAccess(te)) {
            return true;
        }
        return sem.catalog().terms(Vocabulary.READ_METHOD_NAMES).has(c.name()) && (rt.isProject() || rt.kind() == ResolvedType.Kind.UNKNOWN)
                && !(c.argCount() == 0 && c.name().startsWith("get"));
    }

    // ---- message ----------------------------------------------------------------------------------------------------

    private void report(MethodContext mc, GuardFact g, StatusCheck sc, List<CallSite> acts, List<CallInfo> infos) {
        MethodRef m = mc.method();
        StringBuilder msg = new StringBuilder();
        msg.append("The check `").append(oneLine(g.text())).append("` tests the status ").append(sc.accessor())
                .append(" as it was read ");
        if (sc.loadedBy() != null) {
            msg.append("by ").append(Semantics.display(sc.loadedBy())).append(" at line ")
                    .append(sc.loadedBy().range().line());
        } else {
            msg.append("when the loop at line ").append(sc.loadedIn().range().line()).append(" loaded its rows");
        }
        msg.append(", and then acts on it: ");
        for (int i = 0; i < Math.min(3, acts.size()); i++) {
            CallSite a = acts.get(i);
            msg.append(i == 0 ? "" : ", ").append(Semantics.display(a)).append(" at line ").append(a.range().line());
        }
        if (acts.size() > 3) {
            msg.append(" and ").append(acts.size() - 3).append(" more");
        }
        msg.append(". The check and the act are two separate steps: a second instance running at the same time, or "
                + "a restarted run that reads the row before this run's write lands, sees the same old status, passes "
                + "the same check, and acts again");
        CallSite effect = null;
        for (CallSite a : acts) {
            if (infos.get(a.id()).effect() != null && !infos.get(a.id()).effect().isDatabaseLocal()) {
                effect = a;
                break;
            }
        }
        if (effect != null) {
            msg.append(" (").append(Semantics.display(effect)).append(' ')
                    .append(infos.get(effect.id()).effect().verb()).append(')');
        } else {
            msg.append(" (the write is applied twice, and whatever depends on it, such as released stock or a "
                    + "counter, is changed twice)");
        }
        msg.append(". Nothing makes the step atomic: no conditional update whose row count is checked guards it.");
        RuleContext.FindingBuilder b = mc.finding(mc.location(g.range(), null)).message(msg.toString())
                .enclosing(mc.enclosing()).construct(oneLine(g.text()));
        if (sc.loadedBy() != null) {
            b.related(Semantics.location(m, sc.loadedBy().range(), "the status is read here"));
            b.flow(Semantics.location(m, sc.loadedBy().range(), "the status is read"));
        } else {
            b.related(Semantics.location(m, sc.loadedIn().range(), "the rows, with their status, are loaded here"));
            b.flow(Semantics.location(m, sc.loadedIn().range(), "the status is read with the rows"));
        }
        b.flow(Semantics.location(m, g.range(), "checked in memory"));
        for (CallSite a : acts) {
            b.related(Semantics.location(m, a.range(), Semantics.display(a) + " acts on the checked status"));
            b.flow(Semantics.location(m, a.range(), Semantics.display(a) + " acts"));
        }
        b.fix(RuleFixes.claimInsteadOfCheck(mc.project(), m, g.text(), sc.variable(),
                acts.isEmpty() ? null : acts.get(0), table(acts, infos), fix(sc, acts, infos)));
        b.report();
    }

    private static String oneLine(String s) {
        String t = s.replaceAll("\\s+", " ").trim();
        return t.length() > 120 ? t.substring(0, 120) + "..." : t;
    }

    private static String table(List<CallSite> acts, List<CallInfo> infos) {
        for (CallSite a : acts) {
            for (SqlStatement st : infos.get(a.id()).statements()) {
                if (st.table() != null) {
                    return st.table();
                }
            }
        }
        return "<table>";
    }

    private static Fix fix(StatusCheck sc, List<CallSite> acts, List<CallInfo> infos) {
        String table = table(acts, infos);
        String v = sc.variable() != null ? sc.variable() : "row";
        String template = String.join("\n",
                "// UPDATE " + table + " SET status = 'RUNNING' WHERE id = #{id} AND status = 'PENDING'",
                "if (mapper.markRunning(" + v + ".getId()) != 1) {",
                "    return; // another instance or an earlier run already took it",
                "}",
                "// act only here, then record the outcome fenced on the claimed status:",
                "// UPDATE " + table + " SET status = 'DONE' WHERE id = #{id} AND status = 'RUNNING'");
        return Fix.of("Replace the in-memory check with a conditional update that moves the status in the "
                + "database (UPDATE .. SET status = 'RUNNING' WHERE id = ? AND status = 'PENDING') and act only when "
                + "its row count is 1; then only one instance, and one run, can pass the check.", template);
    }
}
