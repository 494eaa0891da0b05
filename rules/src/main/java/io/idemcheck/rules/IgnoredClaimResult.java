package io.idemcheck.rules;

import io.idemcheck.core.model.Project;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.GuardFact;
import io.idemcheck.core.facts.MethodFacts;
import io.idemcheck.core.finding.Fix;
import io.idemcheck.core.finding.Location;
import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.rule.Rule;
import io.idemcheck.core.rule.RuleContext;
import io.idemcheck.core.rule.RuleInfo;
import io.idemcheck.core.sql.SqlFacts;
import io.idemcheck.core.sql.SqlStatement;
import io.idemcheck.core.summary.CallInfo;
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
public final class IgnoredClaimResult implements Rule {

    @Override
    public void check(RuleContext ctx) {
        Project project = ctx.project();
        Semantics sem = project.semantics();
        Map<SqlStatement, List<Location>> voidDecls = new LinkedHashMap<>();
        Map<SqlStatement, MethodRef> voidMethods = new IdentityHashMap<>();
        ctx.forEachMethod(project.index().methods(), m -> {
            if (m.file().test() || !m.method().hasBody()) {
                return;
            }
            List<CallInfo> infos = sem.calls(m);
            List<CallSite> calls = m.method().body().calls();
            for (CallSite c : calls) {
                CallInfo ci = infos.get(c.id());
                if (!ci.claim() || !fencedClaim(project.catalog(), ci)) {
                    continue;
                }
                MethodRef declared = ci.target().declared();
                if (declared != null && "void".equals(declared.method().returnType().name())
                        && !declared.method().hasBody()) {
                    for (SqlStatement st : ci.statements()) {
                        if (st.shapes().stream().anyMatch(f -> NonConditionalStatusUpdate.transitionShape(
                                project.catalog(), f) && NonConditionalStatusUpdate.fencedShape(project.catalog(), f))) {
                            voidDecls.computeIfAbsent(st, k -> new ArrayList<>()).add(Semantics.location(m, c.range(),
                                    Semantics.display(c) + " cannot tell whether it won the row"));
                            voidMethods.putIfAbsent(st, declared);
                        }
                    }
                    continue;
                }
                CallSite claim = c;
                if (PREPARE.contains(c.name()) && isJdbc(ci)) {
                    // the SQL is in prepareStatement(..); the row count comes from ps.executeUpdate()
                    claim = execution(m, c);
                    if (claim == null) {
                        continue;
                    }
                }
                if (checked(sem, m, claim) || completionOfOwnedRow(sem, m, c, infos)) {
                    continue;
                }
                CallSite next = null;
                for (int j = claim.id() + 1; j < calls.size(); j++) {
                    CallInfo oi = infos.get(j);
                    CallSite o = calls.get(j);
                    // work in a catch block entered after the claim runs because something failed, not as if the
                    // claim had won (a FAILED mark)
                    if ((oi.isEffect() || oi.isRecord() || writes(oi)) && !o.exclusiveWith(claim)
                            && o.id() != c.id() && o.catchDepth() <= claim.catchDepth()) {
                        next = calls.get(j);
                        break;
                    }
                }
                if (next != null) {
                    report(ctx, m, claim, next, infos.get(next.id()));
                }
            }
        });
        for (Map.Entry<SqlStatement, List<Location>> e : voidDecls.entrySet()) {
            reportVoid(ctx, e.getKey(), voidMethods.get(e.getKey()), e.getValue());
        }
    }

    private static final java.util.Set<String> PREPARE = java.util.Set.of("prepareStatement", "prepareCall");
    private static final java.util.Set<String> EXECUTE = java.util.Set.of("executeUpdate", "executeLargeUpdate",
            "execute");

    private static boolean isJdbc(CallInfo ci) {
        return ci.statements().stream().anyMatch(st -> st.source() == SqlStatement.Source.JDBC_STRING);
    }

    /** The {@code ps.executeUpdate()} that runs the statement prepared by {@code prepare}, or null. */
    private static CallSite execution(MethodRef m, CallSite prepare) {
        String ps = prepare.assignedTo();
        if (ps == null) {
            return null;
        }
        for (CallSite x : m.method().body().calls()) {
            if (x.id() > prepare.id() && EXECUTE.contains(x.name()) && x.args().isEmpty()
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
    private static boolean completionOfOwnedRow(Semantics sem, MethodRef m, CallSite c, List<CallInfo> infos) {
        CallSite owner = sem.guardingClaim(m, c);
        if (owner == null) {
            return false;
        }
        java.util.Set<String> mine = tables(infos.get(c.id()));
        java.util.Set<String> theirs = tables(infos.get(owner.id()));
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
                f -> NonConditionalStatusUpdate.transitionShape(cat, f) && NonConditionalStatusUpdate.fencedShape(cat, f)));
    }

    /** The call runs an SQL write (an UPDATE of dependent rows, an INSERT, a DELETE): it writes state. */
    private static boolean writes(CallInfo ci) {
        return ci.statements().stream().anyMatch(st -> st.shapes().stream().anyMatch(SqlFacts::isWrite));
    }

    /** The row count reaches a decision: a condition, a guard on the variable holding it, or the caller. */
    private static boolean checked(Semantics sem, MethodRef m, CallSite c) {
        switch (c.use()) {
            case CONDITION, RETURNED, ARGUMENT, RECEIVER, OTHER -> {
                return true;
            }
            case ASSIGNED -> {
                for (GuardFact g : m.method().body().guards()) {
                    if (sem.roots(m, g.names()).contains(c.assignedTo())) {
                        return true;
                    }
                }
                return false;
            }
            default -> {
                return false;
            }
        }
    }

    private void report(RuleContext ctx, MethodRef m, CallSite claim, CallSite next, CallInfo ni) {
        String what = ni.isEffect() ? "performs a side effect" : "writes state";
        String msg = Semantics.display(claim) + " at line " + claim.range().line() + " is a conditional claim, but its "
                + "row count is " + (claim.use() == CallSite.Use.DISCARDED ? "discarded" : "never compared")
                + "; the code goes on and " + what + " (" + Semantics.display(next) + " at line "
                + next.range().line() + ") even when the claim updated 0 rows because another instance, or a "
                + "previous attempt, already owns or finished the row. Two workers then both act on it.";
        RuleContext.FindingBuilder b = ctx.finding(Semantics.location(m, claim.range(), null)).message(msg)
                .enclosing(m.type().fqn() + "#" + m.method().signature()).construct(claim.text());
        Location nextLoc = Semantics.location(m, next.range(), Semantics.display(next) + " runs whether or not the "
                + "claim won");
        b.related(nextLoc);
        b.flow(Semantics.location(m, claim.range(), "the claim's row count is ignored"));
        b.flow(nextLoc);
        String exit = claim.loopIds().isEmpty() ? "return;" : "continue;";
        b.fix(RuleFixes.ignoredClaim(ctx.project(), m, claim, Fix.of("Check the claim's row count and skip the item when it is not 1.",
                "if (" + claim.text().replace("\n", " ") + " != 1) {\n    " + exit
                        + " // another run owns or finished this row\n}")));
        b.report();
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
