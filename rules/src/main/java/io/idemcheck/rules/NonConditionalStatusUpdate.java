package io.idemcheck.rules;

import io.idemcheck.core.engine.Project;
import io.idemcheck.core.facts.CallSite;
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
import java.util.Set;

/**
 * IDEM003: a status transition written blind (an UPDATE that sets a status column with no predicate on the current
 * status, a version, an owner or a lease), by code that read the previous status first or that runs unattended. Two
 * runs (a restart and a straggler, or two instances) both "succeed", and the later write overwrites whatever happened
 * in between. Reported once per statement, at the statement (mapper XML element, annotation, SQL string, or the save
 * call of an entity update), with the Java call sites that run it as related locations.
 */
@RuleInfo(id = "IDEM003", name = "NonConditionalStatusUpdate",
        summary = "A status transition is written without checking the current status, so two runs both succeed",
        severity = Severity.WARNING, tags = {"idempotency", "state-machine", "concurrency"}, precision = "high")
public final class NonConditionalStatusUpdate implements Rule {

    private record Use(MethodRef method, CallSite call, String why) {
    }

    @Override
    public void check(RuleContext ctx) {
        Project project = ctx.project();
        Semantics sem = project.semantics();
        Set<MethodFacts> unattended = sem.reachableFromEntryPoints();
        Map<SqlStatement, List<Use>> uses = new IdentityHashMap<>();
        Map<SqlStatement, Integer> order = new LinkedHashMap<>();
        for (MethodRef m : project.index().methods()) {
            if (m.file().test() || !m.method().hasBody()) {
                continue;
            }
            List<CallInfo> infos = sem.calls(m);
            for (CallSite c : m.method().body().calls()) {
                for (SqlStatement st : infos.get(c.id()).statements()) {
                    if (!st.statusWrite() || st.conditional() || sem.guardingClaim(m, c) != null) {
                        continue;
                    }
                    String why = sem.previousStatusRead(m, c);
                    if (why == null && unattended.contains(m.method())) {
                        String ep = sem.entryPoint(m);
                        why = ep != null ? m.type().simpleName() + "." + m.method().name() + "() is a job entry "
                                + "point (" + ep + ")" : m.type().simpleName() + "." + m.method().name()
                                + "() runs unattended (reachable from a job entry point)";
                    }
                    if (why == null) {
                        continue; // a standalone CRUD write: not a transition
                    }
                    uses.computeIfAbsent(st, k -> new ArrayList<>()).add(new Use(m, c, why));
                    order.putIfAbsent(st, order.size());
                }
            }
        }
        for (SqlStatement st : order.keySet()) {
            report(ctx, st, uses.get(st));
        }
    }

    private void report(RuleContext ctx, SqlStatement st, List<Use> uses) {
        SqlFacts blind = st.shapes().stream().filter(f -> f.statusWrite() && !f.conditional()).findFirst()
                .orElse(st.shapes().get(0));
        String column = blind.setColumns().stream().filter(c -> ctx.project().catalog().isStatusColumn(c))
                .findFirst().orElse("status");
        Use first = uses.get(0);
        String where = blind.whereColumns().isEmpty() ? "with no WHERE predicate on it"
                : "matching only " + String.join(", ", blind.whereColumns());
        StringBuilder msg = new StringBuilder();
        msg.append("This UPDATE sets ").append(st.table() == null ? "" : st.table() + ".").append(column).append(' ')
                .append(where).append(", not on the current ").append(column)
                .append(st.shapes().size() > 1 ? " (in at least one of its " + st.shapes().size() + " dynamic shapes)" : "")
                .append(": it is a blind status transition. ").append(first.why()).append(", so a second run, a "
                        + "restarted job or a concurrent instance passes the same check and this write succeeds "
                        + "again, overwriting whatever happened in between (a payment or a cancel landing between "
                        + "the read and the write is lost). ");
        msg.append("Run by ").append(Semantics.display(first.call())).append(" in ")
                .append(first.method().type().simpleName()).append('.').append(first.method().method().name())
                .append("() at line ").append(first.call().range().line());
        if (uses.size() > 1) {
            msg.append(" and ").append(uses.size() - 1).append(" other call site").append(uses.size() > 2 ? "s" : "");
        }
        msg.append('.');
        Location at = new Location(st.relPath(), st.range().line(), st.range().column(),
                Math.max(st.range().endLine(), st.range().line()),
                st.range().endLine() > st.range().line() ? st.range().endColumn()
                        : Math.max(st.range().endColumn(), st.range().column()), null);
        RuleContext.FindingBuilder b = ctx.finding(at).message(msg.toString()).enclosing(st.id())
                .construct(blind.text());
        for (Use u : uses) {
            Location l = Semantics.location(u.method(), u.call().range(), Semantics.display(u.call())
                    + " runs this blind status write: " + u.why());
            if (!(l.path().equals(at.path()) && l.startLine() == at.startLine())) {
                b.related(l);
            }
            b.flow(l);
        }
        b.flow(at.withLabel("the status is overwritten without checking its current value"));
        b.fix(RuleFixes.blindStatusUpdate(ctx.project(), st, column,
                uses.stream().map(u -> new RuleFixes.CallUse(u.method(), u.call())).toList(), fix(st, column, first)));
        b.report();
    }

    private static Fix fix(SqlStatement st, String column, Use first) {
        String table = st.table() == null ? "<table>" : st.table();
        String placeholder = st.source() == SqlStatement.Source.MAPPER_XML
                || st.source() == SqlStatement.Source.MYBATIS_ANNOTATION ? "#{expectedStatus}" : "?";
        String template = String.join("\n",
                "-- make the transition conditional on the state it starts from:",
                "UPDATE " + table + " SET " + column + " = <new> WHERE id = " + placeholder.replace("expectedStatus", "id")
                        + " AND " + column + " = " + placeholder,
                "// and act only when this caller made the transition:",
                "int n = " + first.call().text().replace("\n", " ") + ";   // pass the expected current status",
                "if (n != 1) {",
                "    " + (first.call().loopIds().isEmpty() ? "return;" : "continue;")
                        + " // someone else already moved this row",
                "}");
        return Fix.of("Add the expected current status (or a version/owner predicate) to the UPDATE's WHERE clause "
                + "and act only when the row count is 1; with the runtime library, TaskClaimer.claim/complete do "
                + "this fenced on owner and attempt.", template);
    }
}
