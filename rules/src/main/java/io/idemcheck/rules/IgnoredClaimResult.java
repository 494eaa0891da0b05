package io.idemcheck.rules;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.MethodFacts;
import io.idemcheck.core.finding.Fix;
import io.idemcheck.core.finding.Location;
import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.model.Project;
import io.idemcheck.core.rule.MethodContext;
import io.idemcheck.core.rule.MethodRule;
import io.idemcheck.core.rule.MethodRules;
import io.idemcheck.core.rule.RuleContext;
import io.idemcheck.core.rule.RuleInfo;
import io.idemcheck.core.rule.RuleTrace;
import io.idemcheck.core.sql.SqlFacts;
import io.idemcheck.core.sql.SqlStatement;
import io.idemcheck.core.summary.CallInfo;
import io.idemcheck.core.summary.MethodInfo;
import io.idemcheck.core.summary.Semantics;
import io.idemcheck.rules.fix.RuleFixes;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * IDEM005: a conditional state transition (an UPDATE with a status, version, owner or lease predicate, or a method
 * recognised as a claim) whose returned row count is discarded or never compared, followed by a side effect or a state
 * write: the code proceeds as if it won the claim. A mapper method declared {@code void} throws the count away by its
 * signature: reported once at the declaration, with its call sites as related locations.
 */
@RuleInfo(id = "IDEM005", name = "IgnoredClaimResult",
        summary = "A conditional claim's row count is ignored, so the code acts even when another run owns the row",
        severity = Severity.ERROR, tags = {"idempotency", "concurrency", "claim"}, precision = "high")
public final class IgnoredClaimResult implements MethodRule {

    /**
     * A claim through a void mapper method, seen at one call: reported once at the declaration, after every method
     * was checked, with each such call as a related location.
     *
     * @param statement the conditional update the void method runs
     * @param declared  the void method
     * @param callSite  the call that cannot tell whether it won the row
     */
    private record VoidClaim(SqlStatement statement, MethodRef declared, Location callSite) {
    }

    /** Reports each void claim declaration once, with its call sites, in the order the methods found them. */
    @Override
    public void afterMethods(RuleContext ctx, List<Object> collected) {
        Map<SqlStatement, List<Location>> voidDecls = new LinkedHashMap<>();
        Map<SqlStatement, MethodRef> voidMethods = new IdentityHashMap<>();
        gather(collected, voidDecls, voidMethods);
        for (Map.Entry<SqlStatement, List<Location>> e : voidDecls.entrySet()) {
            reportVoid(ctx, e.getKey(), voidMethods.get(e.getKey()), e.getValue());
        }
    }

    private static void gather(List<Object> collected, Map<SqlStatement, List<Location>> voidDecls,
                               Map<SqlStatement, MethodRef> voidMethods) {
        for (Object o : collected) {
            VoidClaim v = (VoidClaim) o;
            voidDecls.computeIfAbsent(v.statement(), k -> new ArrayList<>()).add(v.callSite());
            voidMethods.putIfAbsent(v.statement(), v.declared());
        }
    }

    @Override
    public void explain(RuleContext ctx, MethodRef m, RuleTrace trace) {
        Map<SqlStatement, List<Location>> voidDecls = new LinkedHashMap<>();
        Map<SqlStatement, MethodRef> voidMethods = new IdentityHashMap<>();
        if (!m.method().hasBody()) {
            // a mapper method declared void is reported at its declaration, found from its callers: run the check
            // over the project (untraced) and say whether this declaration is one of them
            List<Object> collected = new ArrayList<>();
            ctx.forEachMethod(ctx.project().index().methods(), o -> {
                if (accepts(o, RuleTrace.OFF)) {
                    collected.addAll(MethodRules.collectedBy(this, ctx, o));
                }
            });
            gather(collected, voidDecls, voidMethods);
            for (Map.Entry<SqlStatement, MethodRef> e : voidMethods.entrySet()) {
                if (e.getValue().equals(m)) {
                    trace.fired(m.method().nameRange().line(), "the method", "declared void, it throws away the "
                            + "row count of its conditional update (" + e.getKey().table() + "); called from "
                            + voidDecls.get(e.getKey()).size() + " place(s)");
                    return;
                }
            }
            trace.missing(0, "the method", "a void declaration of a conditional claim that a caller runs: "
                    + "no caller in main code runs it as a fenced claim, or it returns its row count");
            return;
        }
        if (m.file().test()) {
            trace.missing(0, "the method", "main code: this is test code");
            return;
        }
        checkMethod(MethodRules.explaining(ctx, m, trace));
        if (trace.isEmpty()) {
            trace.missing(0, "the method", "a conditional claim: no call of the method is recognised as a claim");
        } else if (trace.steps().stream().noneMatch(st -> st.kind() == RuleTrace.Kind.MISSING
                || st.kind() == RuleTrace.Kind.FIRED)) {
            trace.missing(0, "the method", "a claim whose result is ignored here: its claims are reported at their "
                    + "void declarations");
        }
    }

    /**
     * Checks the claims of one method; a claim through a void mapper method is collected as a {@link VoidClaim}
     * (reported once at the declaration, {@link #afterMethods}). With an enabled trace, writes each claim's
     * conditions and verdict to it.
     */
    @Override
    public void checkMethod(MethodContext mc) {
        MethodRef m = mc.method();
        RuleTrace trace = mc.trace();
        Project project = mc.project();
        Semantics sem = mc.semantics();
        MethodInfo facts = mc.facts();
        List<CallInfo> infos = facts.infos();
        List<CallSite> calls = mc.calls();
        for (CallSite c : calls) {
            CallInfo ci = infos.get(c.id());
            if (!ci.claim()) {
                continue;
            }
            int line = c.range().line();
            String subject = Semantics.display(c);
            if (!fencedClaim(project.catalog(), ci)) {
                trace.missing(line, subject, "a claim that fences a workflow status: its UPDATE matches no status, "
                        + "version, owner or lease column (a soft-delete flag, a flag reset)");
                continue;
            }
            if (notAClaimByItsBody(sem, ci)) {
                trace.missing(line, subject, "a claim by its body: the called method returns nothing, or the SQL its "
                        + "body runs has no per-row conditional transition");
                continue;
            }
            if (sweep(ci.statements()) || setBased(project.catalog(), ci.statements())) {
                trace.missing(line, subject, "a per-row claim: it is a set-based sweep (its WHERE binds no row "
                        + "identity and selects rows by age or a time column), whose count says how many rows moved, "
                        + "not who won");
                continue;
            }
            if (facts.call(c).lockTaken() != null) {
                trace.missing(line, subject, "a claim of a row: it takes a lock (IDEM009 looks at locks)");
                continue;
            }
            trace.held(line, subject, "a conditional claim" + (ci.claimEvidence() == null ? ""
                    : " (" + ci.claimEvidence().describe() + ")"));
            MethodRef declared = ci.target().declared();
            if (declared != null && "void".equals(declared.method().returnType().name())
                    && !declared.method().hasBody()) {
                for (SqlStatement st : ci.statements()) {
                    if (st.shapes().stream().anyMatch(f -> StatusWriteShapes.transitionShape(
                            project.catalog(), f) && StatusWriteShapes.fencedShape(project.catalog(), f))) {
                        mc.collect(new VoidClaim(st, declared, Semantics.location(m, c.range(),
                                Semantics.display(c) + " cannot tell whether it won the row")));
                    }
                }
                trace.note(line, subject, declared.type().simpleName() + "." + declared.method().name() + "() is "
                        + "declared void, so its row count is thrown away by its signature: reported once at that "
                        + "declaration, not here");
                continue;
            }
            CallSite claim = c;
            if (project.catalog().terms(Vocabulary.JDBC_PREPARE_CALLS).has(c.name()) && isJdbc(ci)) {
                // the SQL is in prepareStatement(..); the row count comes from ps.executeUpdate()
                claim = execution(project.catalog(), m, c);
                if (claim == null) {
                    trace.missing(line, subject, "the statement's execution: no executeUpdate() of the prepared "
                            + "statement follows in the method");
                    continue;
                }
            }
            // the template call that hands back the claim's count, or whether it won when the lambda compares it
            // (s -> mapper.claim(id) == 1): a count compared inside the lambda decides nothing by itself
            CallSite carrier = sem.templateCarrier(m, claim, true);
            if (carrier != null ? facts.call(carrier).resultChecked() : facts.call(claim).resultChecked()) {
                CallSite held = carrier != null ? carrier : claim;
                trace.missing(line, subject, "an ignored result: its " + (carrier != null ? "row count is the "
                        + "result of " + Semantics.display(carrier) + ", whose " : "")
                        + (held.use() == CallSite.Use.ASSIGNED
                        ? "result, held in " + held.assignedTo() + ", is tested by a condition"
                        : "result reaches a decision (" + held.use().name().toLowerCase(java.util.Locale.ROOT)
                        + ")"));
                continue;
            }
            CallSite comparer = carrier == null ? lambdaComparing(sem, m, claim) : null;
            if (comparer != null) {
                trace.missing(line, subject, "an ignored result: its row count, held in " + claim.assignedTo()
                        + ", is compared inside the lambda passed to " + Semantics.display(comparer) + " at line "
                        + comparer.range().line());
                continue;
            }
            if (completionOfOwnedRow(facts, c)) {
                CallSite owner = facts.call(c).guardingClaim();
                trace.missing(line, subject, "a claim of its own: it completes a row already owned by the checked "
                        + "claim " + Semantics.display(owner) + " at line " + owner.range().line());
                continue;
            }
            trace.held(line, subject, "its result is " + (claim.use() == CallSite.Use.DISCARDED ? "discarded"
                    : "never compared"));
            CallSite next = null;
            for (int j = claim.id() + 1; j < calls.size(); j++) {
                CallInfo oi = infos.get(j);
                CallSite o = calls.get(j);
                // work in a catch block entered after the claim runs because something failed, not as if the
                // claim had won (a FAILED mark)
                if ((oi.isEffect() || oi.isRecord() || writes(oi)) && !o.exclusiveWith(claim)
                        && o.id() != c.id() && o.catchDepth() <= claim.catchDepth()
                        && sameItemFlow(sem, m, claim, ci, o, oi)) {
                    next = calls.get(j);
                    break;
                }
            }
            if (next != null) {
                trace.fired(claim.range().line(), subject, "the code goes on and " + Semantics.display(next)
                        + " at line " + next.range().line() + " runs whether or not the claim won");
                report(mc, claim, next, infos.get(next.id()));
            } else {
                trace.missing(line, subject, "work after the claim: no side effect, record or SQL write follows it "
                        + "(outside the branches that exclude it and catch blocks)");
            }
        }
    }

    /**
     * True when work {@code o}, after the claim, is work on the claimed item: it runs in every loop the claim runs in
     * (a later loop, after the claim's loop ended, works on other rows), and each loop of its own that the claim is
     * not in iterates something derived from the claim's arguments ({@code order.getItems()} after a claim of
     * {@code order.getId()}) or writes the claim's table. A later, separate loop over another table's rows is not
     * what the claim guards.
     */
    private static boolean sameItemFlow(Semantics sem, MethodRef m, CallSite claim, CallInfo ci, CallSite o,
                                        CallInfo oi) {
        if (!o.loopIds().containsAll(claim.loopIds())) {
            return false;
        }
        java.util.Set<String> claimNames = new java.util.HashSet<>();
        claim.args().forEach(a -> claimNames.addAll(a.names()));
        claimNames.addAll(sem.roots(m, java.util.Set.copyOf(claimNames)));
        for (int l : o.loopIds()) {
            if (claim.loopIds().contains(l)) {
                continue;
            }
            io.idemcheck.core.facts.LoopFact lf = m.method().body().loops().get(l);
            java.util.Set<String> iterated = new java.util.HashSet<>(lf.names());
            iterated.addAll(sem.roots(m, lf.names()));
            iterated.retainAll(claimNames);
            java.util.Set<String> written = tables(oi);
            written.retainAll(tables(ci));
            if (iterated.isEmpty() && written.isEmpty()) {
                return false;
            }
        }
        return true;
    }

    /**
     * The call whose lambda compares the claim's row count held in a variable, or null: the count (or a value derived
     * from it) is an argument of a later call ({@code Optional.of(n)}, {@code check(n, rows -> rows == 1)}), and a
     * lambda passed to that call, or to a call chained on its result ({@code .filter(c -> c > 0)},
     * {@code .ifPresent(c -> { if (c == 1) .. })}), compares its parameter with {@code == != < > <= >=} or
     * {@code equals}. The comparison is the lambda's, so a condition of the method never names the count.
     */
    private static CallSite lambdaComparing(Semantics sem, MethodRef m, CallSite claim) {
        String held = claim.use() == CallSite.Use.ASSIGNED ? claim.assignedTo() : null;
        if (held == null) {
            return null;
        }
        io.idemcheck.core.facts.Body body = m.method().body();
        for (CallSite x : body.calls()) {
            if (x.id() <= claim.id() || x.args().stream().noneMatch(a -> a.names().contains(held)
                    || sem.roots(m, a.names()).contains(held))) {
                continue;
            }
            for (CallSite y = x; y != null; y = chainedOn(body, y)) {
                if (lambdaComparesItsParameter(body, y)) {
                    return y;
                }
            }
        }
        return null;
    }

    /** The call made on the result of {@code c} ({@code c(..).next(..)}), or null. */
    private static CallSite chainedOn(io.idemcheck.core.facts.Body body, CallSite c) {
        for (CallSite o : body.calls()) {
            if (o.receiver().kind() == io.idemcheck.core.facts.Receiver.Kind.CALL && o.receiver().callId() == c.id()) {
                return o;
            }
        }
        return null;
    }

    /** True when a lambda passed to {@code c} compares one of its parameters ({@code rows -> rows == 1}). */
    private static boolean lambdaComparesItsParameter(io.idemcheck.core.facts.Body body, CallSite c) {
        for (io.idemcheck.core.facts.LambdaFact l : body.lambdas()) {
            if (l.ownerCallId() != c.id()) {
                continue;
            }
            for (String p : l.params()) {
                String q = java.util.regex.Pattern.quote(p);
                java.util.regex.Pattern compared = java.util.regex.Pattern.compile("(?<![\\w.])" + q
                        + "\\s*(?:==|!=|<=|>=|<(?!<)|>(?![>=]))|(?:==|!=|<=|>=|(?<![-<])<|(?<![->])>)\\s*" + q
                        + "(?![\\w(.])|(?<![\\w.])" + q + "\\s*\\.\\s*equals\\s*\\(|equals\\s*\\(\\s*" + q
                        + "\\s*\\)");
                for (io.idemcheck.core.facts.Arg a : c.args()) {
                    if (a.text().contains("->") && compared.matcher(a.text()).find()) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static boolean isJdbc(CallInfo ci) {
        return ci.statements().stream().anyMatch(st -> st.source() == SqlStatement.Source.JDBC_STRING);
    }

    /** The {@code ps.executeUpdate()} that runs the statement prepared by {@code prepare}, or null. */
    private static CallSite execution(Catalog catalog, MethodRef m, CallSite prepare) {
        String ps = prepare.assignedTo();
        if (ps == null) {
            return null;
        }
        for (CallSite x : m.method().body().calls()) {
            // executeBatch returns an array of counts, not the one row count a claim is checked by
            if (x.id() > prepare.id() && catalog.terms(Vocabulary.JDBC_EXECUTE_CALLS).has(x.name())
                    && !x.name().equals("executeBatch") && x.args().isEmpty()
                    && x.receiver().kind() == io.idemcheck.core.facts.Receiver.Kind.NAME
                    && ps.equals(x.receiver().name())) {
                return x;
            }
        }
        return null;
    }

    /**
     * True when {@code c} runs under an earlier claim whose row count was checked, on the same table (or the tables are
     * not known): the row is already owned by this run, and the conditional update is the completion fenced on that
     * claim ({@code UPDATE .. SET status = 'DONE' WHERE id = ? AND status = 'RUNNING'}), not a claim of its own.
     */
    private static boolean completionOfOwnedRow(MethodInfo facts, CallSite c) {
        CallSite owner = facts.call(c).guardingClaim();
        if (owner == null) {
            return false;
        }
        java.util.Set<String> mine = tables(facts.call(c).info());
        java.util.Set<String> theirs = tables(facts.call(owner).info());
        if (mine.isEmpty() || theirs.isEmpty()) {
            return true;
        }
        mine.retainAll(theirs);
        return !mine.isEmpty();
    }

    private static java.util.Set<String> tables(CallInfo ci) {
        java.util.Set<String> out = new java.util.HashSet<>();
        for (SqlStatement st : ci.statements()) {
            if (st.table() != null && !st.table().equals("?")) {
                out.add(st.table());
            }
        }
        return out;
    }

    /**
     * A claim recognised from SQL must fence a workflow status: {@code SET status = 4 WHERE id IN (..) AND
     * delete_status = 0} matches on a soft-delete flag and {@code SET default_status = 0 WHERE member_id = ? AND
     * default_status = 1} resets a flag; neither tells the caller whether it won a row. Claims without visible SQL
     * (by name, the runtime's TaskClaimer, a project method returning a claim's count) stay claims.
     */
    private static boolean fencedClaim(io.idemcheck.core.catalog.Catalog cat, CallInfo ci) {
        if (ci.statements().stream().allMatch(SqlStatement::unknown)) {
            return true;
        }
        return ci.statements().stream().anyMatch(st -> st.shapes().stream().anyMatch(
                f -> StatusWriteShapes.transitionShape(cat, f) && StatusWriteShapes.fencedShape(cat, f)));
    }

    /**
     * SQL wins over names: the called project method returns nothing (no row count to check, so nothing to ignore),
     * or the statements its body runs are visible and none is a per-row conditional claim (a {@code markRunning}
     * whose UPDATE has no state predicate; a recovery sweep {@code releaseStaleClaims()} that resets every stale row
     * at once). Only when every target has a body.
     */
    /**
     * True when claim call {@code ci} takes rows for this caller so that its row count says who won: it fences a
     * workflow status, its body runs a per-row conditional transition, and it is no set-based sweep (a recovery sweep
     * resetting stale rows before the loop). IDEM001 names only such a call as a claim whose row count is ignored.
     */
    static boolean countedClaim(Semantics sem, CallInfo ci) {
        return ci.claim() && fencedClaim(sem.catalog(), ci) && !notAClaimByItsBody(sem, ci)
                && !sweep(ci.statements()) && !setBased(sem.catalog(), ci.statements());
    }

    private static boolean notAClaimByItsBody(Semantics sem, CallInfo ci) {
        List<MethodRef> targets = ci.target().targets();
        if (targets.isEmpty() || !ci.statements().stream().allMatch(SqlStatement::unknown)) {
            return false;
        }
        for (MethodRef t : targets) {
            if (!t.method().hasBody()) {
                return false;
            }
        }
        boolean allVoid = targets.stream().allMatch(t -> "void".equals(t.method().returnType().name()));
        if (allVoid) {
            return true;
        }
        List<SqlStatement> body = new ArrayList<>();
        for (MethodRef t : targets) {
            for (CallInfo bi : sem.calls(t)) {
                if (bi.claim() && bi.statements().stream().allMatch(SqlStatement::unknown)) {
                    return false; // a claim further down whose SQL is not visible: keep the name's verdict
                }
                body.addAll(bi.statements());
            }
        }
        List<SqlStatement> writes = body.stream().filter(st -> st.shapes().stream().anyMatch(SqlFacts::isWrite))
                .toList();
        if (writes.isEmpty()) {
            return false;
        }
        return writes.stream().noneMatch(st -> st.claims(sem.catalog().terms(Vocabulary.TERMINAL_STATES))) || sweep(writes);
    }

    private static final java.util.regex.Pattern WHERE = java.util.regex.Pattern.compile("(?is)\\bWHERE\\b(.*)");
    private static final java.util.regex.Pattern PARAMETER = java.util.regex.Pattern.compile("\\?|#\\{|\\$\\{|(?<!:):\\w");

    /**
     * Every conditional write among the statements is a set-based recovery sweep: its WHERE clause binds no
     * parameter, so it does not take one row for this caller, and it selects stale rows by a time column compared
     * with the clock ({@code UPDATE .. SET status = 'NEW' WHERE status = 'SENDING' AND locked_at <
     * NOW() - INTERVAL 5 MINUTE}). A recovery sweep run before the loop is not a claim whose count says who won.
     */
    private static final String STATE = "(?i)(status|state|\\w+_status|\\w+_state)";

    private static boolean sweep(List<SqlStatement> statements) {
        boolean any = false;
        for (SqlStatement st : statements) {
            for (SqlFacts f : st.shapes()) {
                if (!f.isWrite() || f.text() == null) {
                    continue;
                }
                any = true;
                java.util.regex.Matcher w = WHERE.matcher(f.text());
                if (!w.find() || PARAMETER.matcher(w.group(1)).find()
                        || io.idemcheck.core.summary.InProgressStates.staleRowPredicate(f, c -> c.matches(STATE)) == null) {
                    return false; // a per-row claim, or a batch claim of waiting rows: not a sweep of stale ones
                }
            }
        }
        return any;
    }

    /**
     * Every conditional write among the statements is a sweep by age: its WHERE names no column that identifies a
     * row (the catalog's {@code rowIdentityColumns}: id, *_id, order_no) and selects rows by a time column
     * ({@code timeColumns}: end_time, locked_until), so it moves every row of a state that ended or went stale at
     * once ({@code UPDATE member_coupon SET status = 'EXPIRE' WHERE status = 'NEW' AND end_time <= now}, built with a
     * MyBatis-Plus wrapper) instead of taking one row for this caller; its count says how many rows moved, not who
     * won. A batch claim of waiting rows ({@code WHERE status = 'READY' AND kind = 'DAILY'}) is still a claim.
     */
    private static boolean setBased(Catalog cat, List<SqlStatement> statements) {
        boolean any = false;
        for (SqlStatement st : statements) {
            for (SqlFacts f : st.shapes()) {
                if (!f.isWrite() || !f.conditional()) {
                    continue;
                }
                boolean byTime = false;
                for (String col : f.whereColumns()) {
                    String c = col.toLowerCase(java.util.Locale.ROOT);
                    if (cat.terms(Vocabulary.ROW_IDENTITY_COLUMNS).has(c)) {
                        return false;
                    }
                    byTime |= cat.terms(Vocabulary.TIME_COLUMNS).has(c);
                }
                if (!byTime) {
                    return false;
                }
                any = true;
            }
        }
        return any;
    }

    /** The call runs an SQL write (an UPDATE of dependent rows, an INSERT, a DELETE): it writes state. */
    private static boolean writes(CallInfo ci) {
        return ci.statements().stream().anyMatch(st -> st.shapes().stream().anyMatch(SqlFacts::isWrite));
    }

    private void report(MethodContext mc, CallSite claim, CallSite next, CallInfo ni) {
        MethodRef m = mc.method();
        String what = ni.isEffect() ? "performs a side effect" : "writes state";
        boolean answer = mc.catalog().terms(Vocabulary.BOOLEAN_CLAIMS).has(claim.name())
                || returnsBoolean(mc.facts(), claim);
        String result = answer ? "result (false when it did not win the row)" : "row count";
        String lost = answer ? "returned false" : "updated 0 rows";
        String msg = Semantics.display(claim) + " at line " + claim.range().line() + " is a conditional claim, but its "
                + result + " is " + (claim.use() == CallSite.Use.DISCARDED ? "discarded" : "never compared")
                + "; the code goes on and " + what + " (" + Semantics.display(next) + " at line "
                + next.range().line() + ") even when the claim " + lost + " because another instance, or a "
                + "previous attempt, already owns or finished the row. Two workers then both act on it.";
        RuleContext.FindingBuilder b = mc.finding(Semantics.location(m, claim.range(), null)).message(msg)
                .enclosing(m.type().fqn() + "#" + m.method().signature()).construct(claim.text());
        Location nextLoc = Semantics.location(m, next.range(), Semantics.display(next) + " runs whether or not the "
                + "claim won");
        b.related(nextLoc);
        b.flow(Semantics.location(m, claim.range(), "the claim's row count is ignored"));
        b.flow(nextLoc);
        String exit = RuleFixes.exit(m, claim);
        b.fix(RuleFixes.ignoredClaim(mc.project(), m, claim, Fix.of("Check the claim's row count and skip the item when it is not 1.",
                "if (" + claim.text().replace("\n", " ") + " != 1) {\n    " + exit
                        + " // another run owns or finished this row\n}")));
        b.report();
    }

    /** True when every project target of {@code c} answers with a boolean (won or not) rather than a row count. */
    private static boolean returnsBoolean(MethodInfo facts, CallSite c) {
        List<MethodRef> targets = facts.call(c).info().target().targets();
        return !targets.isEmpty() && targets.stream().allMatch(t -> t.method().returnType() != null
                && t.method().returnType().simpleName().matches("boolean|Boolean"));
    }

    private void reportVoid(RuleContext ctx, SqlStatement st, MethodRef declared, List<Location> callSites) {
        MethodFacts mf = declared.method();
        Location at = Semantics.location(declared, mf.nameRange(), null);
        String msg = declared.type().simpleName() + "." + mf.name() + "() runs a conditional update ("
                + st.table() + ") but is declared void, so its row count is thrown away by its signature: every "
                + "caller goes on as if it won the row, even when another instance or a previous attempt already "
                + "moved it. Called from " + callSites.size() + " place" + (callSites.size() > 1 ? "s" : "") + ".";
        RuleContext.FindingBuilder b = ctx.finding(at).message(msg).enclosing(declared.id())
                .construct(mf.signature());
        Location stmtLoc = new Location(st.relPath(), st.range().line(), st.range().column(),
                Math.max(st.range().endLine(), st.range().line()), Math.max(st.range().endColumn(), 1),
                "the conditional update");
        if (!stmtLoc.path().equals(at.path()) || stmtLoc.startLine() != at.startLine()) {
            b.related(stmtLoc);
        }
        callSites.forEach(b::related);
        b.fix(Fix.of("Declare the method to return int (the row count) and make every caller act only when it is 1.",
                "int " + mf.name() + "(...);   // was: void\n\nif (mapper." + mf.name()
                        + "(...) != 1) {\n    continue; // lost the claim\n}"));
        b.report();
    }
}
