package io.idemcheck.rules;

import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.model.Project;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.MethodFacts;
import io.idemcheck.core.finding.Fix;
import io.idemcheck.core.finding.Location;
import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.index.CallerSite;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.rule.MethodContext;
import io.idemcheck.core.rule.MethodRule;
import io.idemcheck.core.rule.MethodRules;
import io.idemcheck.core.rule.RuleContext;
import io.idemcheck.core.rule.RuleInfo;
import io.idemcheck.core.rule.RuleTrace;
import io.idemcheck.core.sql.SqlFacts;
import io.idemcheck.core.sql.SqlStatement;
import io.idemcheck.core.summary.CallInfo;
import io.idemcheck.core.summary.Semantics;
import io.idemcheck.core.summary.StatusRows;
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
public final class NonConditionalStatusUpdate implements MethodRule {

    /** A call {@code call} in {@code method} that runs a blind status write as a transition, and why. */
    private record Use(MethodRef method, CallSite call, String why, List<Location> via) {
    }

    /** What one method collects: a blind statement it runs as a transition (reported once, after every method). */
    private record Blind(SqlStatement statement, Use use) {
    }

    /**
     * Checks one method: collects the blind status writes it runs as transitions (reported at their statements in
     * {@link #afterMethods}), and reports a key-value claim it declares that cannot lose. With an enabled trace,
     * writes each blind write's conditions, and the claim, to it.
     */
    @Override
    public void checkMethod(MethodContext mc) {
        collect(mc);
        KeyValueClaims.Claim claim = KeyValueClaims.of(mc.project(), mc.method());
        if (claim != null) {
            mc.trace().fired(claim.write().range().line(), Semantics.display(claim.write()),
                    "a claim that cannot lose: " + claimWhy(claim));
            reportClaim(mc, claim);
        }
    }

    /** Reports each blind statement once, with every call that runs it as a transition, in first-seen order. */
    @Override
    public void afterMethods(RuleContext ctx, List<Object> collected) {
        for (Map.Entry<SqlStatement, List<Use>> e : byStatement(collected).entrySet()) {
            report(ctx, e.getKey(), e.getValue());
        }
    }

    /** The collected uses grouped by statement (the same statement object), statements in first-seen order. */
    private static Map<SqlStatement, List<Use>> byStatement(List<Object> collected) {
        Map<SqlStatement, List<Use>> uses = new IdentityHashMap<>();
        List<SqlStatement> order = new ArrayList<>();
        for (Object o : collected) {
            Blind b = (Blind) o;
            uses.computeIfAbsent(b.statement(), k -> {
                order.add(k);
                return new ArrayList<>();
            }).add(b.use());
        }
        Map<SqlStatement, List<Use>> out = new LinkedHashMap<>();
        for (SqlStatement st : order) {
            out.put(st, uses.get(st));
        }
        return out;
    }

    @Override
    public void explain(RuleContext ctx, MethodRef m, RuleTrace trace) {
        Project project = ctx.project();
        if (m.file().test()) {
            trace.missing(0, "the method", "main code: this is test code");
            return;
        }
        // a statement is reported once, at the statement, for all the calls that run it: collect them all (untraced)
        List<Object> collected = new ArrayList<>();
        for (MethodRef o : project.index().methods()) {
            if (accepts(o, RuleTrace.OFF)) {
                collected.addAll(MethodRules.collectedBy(this, ctx, o));
            }
        }
        boolean fired = false;
        for (Map.Entry<SqlStatement, List<Use>> e : byStatement(collected).entrySet()) {
            SqlStatement st = e.getKey();
            List<Use> uses = e.getValue();
            if (enclosing(project, st, uses.get(0)).equals(m.id())) {
                trace.fired(st.range().line(), "the statement " + st.id(), "a blind status transition ("
                        + String.join(", ", StatusWriteShapes.blindStatusColumns(project.catalog(), st)) + "), run by "
                        + uses.size() + " call site(s): " + uses.get(0).why());
                fired = true;
            }
        }
        if (m.method().hasBody()) {
            checkMethod(MethodRules.explaining(ctx, m, trace));
            fired |= trace.steps().stream().anyMatch(st -> st.kind() == RuleTrace.Kind.FIRED);
        }
        if (!fired && trace.steps().stream().noneMatch(st -> st.kind() == RuleTrace.Kind.MISSING)) {
            trace.missing(0, "the method", m.method().hasBody() ? "a blind status transition declared in this "
                    + "method: it runs none, or the ones it runs are declared, and reported, at their statements"
                    : "a blind status transition declared here that a caller runs as a transition");
        }
    }

    /**
     * Collects the blind status writes that the method runs as transitions ({@link MethodContext#collect}); with an
     * enabled trace, writes each blind write's conditions to it.
     */
    private static void collect(MethodContext mc) {
        MethodRef m = mc.method();
        Project project = mc.project();
        Semantics sem = mc.semantics();
        RuleTrace trace = mc.trace();
        List<CallInfo> infos = mc.facts().infos();
        for (CallSite c : m.method().body().calls()) {
            for (SqlStatement st : writes(sem, m, c, infos.get(c.id()))) {
                if (!StatusWriteShapes.blind(project.catalog(), st)) {
                    continue;
                }
                int line = c.range().line();
                String subject = trace.enabled() ? Semantics.display(c) : null;
                if (trace.enabled()) {
                    trace.held(line, subject, "it runs a blind status write: " + st.id() + " sets "
                            + String.join(", ", StatusWriteShapes.blindStatusColumns(project.catalog(), st))
                            + " with no predicate on "
                            + "the current status, a version, an owner or a lease (" + st.relPath() + ":"
                            + st.range().line() + ")");
                }
                CallSite claim = StatusChecks.coveringClaim(sem, m, c, st.table());
                if (claim != null) {
                    trace.missing(line, subject, "an unguarded write: the checked claim " + Semantics.display(claim)
                            + " guards it");
                    continue;
                }
                if (lockedBefore(sem, m, c, infos)) {
                    trace.missing(line, subject, "an unlocked row: an earlier SELECT .. FOR UPDATE (or a "
                            + "PESSIMISTIC_WRITE repository method) in the same transaction locks it");
                    continue;
                }
                Set<String> columns = StatusWriteShapes.blindStatusColumns(project.catalog(), st);
                CallInfo ci = infos.get(c.id());
                if (convergesToCheckedState(m, c, st) || StatusChecks.convergent(sem, m, c, ci, columns)) {
                    // if (!"ARCHIVED".equals(s)) set ARCHIVED: a repeat writes the same value again
                    trace.missing(line, subject, "a write that a repeat changes: it writes the very state its guard "
                            + "tested for, so every run converges on the same value");
                    continue;
                }
                StatusChecks.SameRowCheck check = StatusChecks.find(sem, m, c, ci, columns);
                if (check != null && check.helper() == null
                        && StatusChecks.rowLocked(sem, m, mc.facts().locks(), check.check().loadedBy(), c)) {
                    trace.missing(line, subject, "an unlocked row: the read of the status and this write run under "
                            + "a lock keyed by the row");
                    continue;
                }
                String why = null;
                if (check != null && check.helper() == null) {
                    why = "the guard `" + check.text().replace('\n', ' ') + "` at line " + check.range().line()
                            + " read the status first (of the row it writes)";
                } else if (check != null) {
                    why = Semantics.display(check.helper()) + " at line " + check.range().line()
                            + " checked the stored " + check.check().accessor() + " of this row first and throws "
                            + "otherwise";
                }
                if (why == null) {
                    why = StatusRows.loopSelectedByStatus(sem, m, c, columns);
                }
                List<Location> via = List.of();
                if (why == null && check == null) {
                    StatusChecks.CallerCheck up = StatusChecks.findInCallers(sem, m, c, columns);
                    if (up != null) {
                        CallerSite top = up.path().get(0);
                        why = up.caller().type().simpleName() + "." + up.caller().method().name() + "() checked "
                                + "the stored status of this row first (" + oneLine(up.check().text()) + " at line "
                                + up.check().range().line() + ") and then calls " + Semantics.display(top.via())
                                + " at line " + top.via().range().line() + ", which writes it";
                        List<Location> path = new ArrayList<>();
                        path.add(Semantics.location(up.caller(), up.check().range(), "the stored status is "
                                + "checked here"));
                        for (CallerSite step : up.path()) {
                            path.add(Semantics.location(step.caller(), step.via().range(),
                                    Semantics.display(step.via()) + " passes the checked row's key on"));
                        }
                        via = path;
                    }
                }
                boolean unattended = mc.facts().reachableFromEntryPoint();
                if (why == null && unattended && !StoredRows.writesStoredRow(sem, m, c, st)) {
                    // a process persisting its own in-memory copy by key: no stored status was read to lose
                    trace.missing(line, subject, "a transition race: it runs unattended, but the row it writes by "
                            + "its key was not read from storage (here or by a caller passing it on) and its WHERE "
                            + "chooses no rows by another condition; it persists an in-memory copy");
                    continue;
                }
                if (why == null && unattended) {
                    String ep = mc.facts().entryPoint();
                    why = ep != null ? m.type().simpleName() + "." + m.method().name() + "() is a job entry "
                            + "point (" + ep + ")" : m.type().simpleName() + "." + m.method().name()
                            + "() runs unattended (reachable from a job entry point)";
                }
                if (why == null) {
                    // a standalone CRUD write: not a transition
                    trace.missing(line, subject, "a transition: no status read of the same row comes first (a guard, "
                            + "a checking helper, a caller passing the row's key, a loop over rows selected by status) "
                            + "and the method runs on a caller's request, not unattended");
                    continue;
                }
                if (trace.enabled()) {
                    trace.note(line, subject, "a transition: " + why + "; reported at the statement, "
                            + st.relPath() + ":" + st.range().line());
                }
                mc.collect(new Blind(st, new Use(m, c, why, via)));
            }
        }
    }

    /**
     * The statements call {@code c} runs, or, for a status setter on a JPA-managed entity saved nowhere in a
     * transaction, the UPDATE dirty checking runs for it at commit ({@link Semantics#dirtyWrite}), unless a later save
     * of an aggregate read from the entity cascades to it (that save's statement is the write, reported there).
     */
    static List<SqlStatement> writes(Semantics sem, MethodRef m, CallSite c, CallInfo ci) {
        if (!ci.statements().isEmpty()) {
            return ci.statements();
        }
        SqlStatement dirty = sem.dirtyWrite(m, c);
        if (dirty == null) {
            return List.of();
        }
        // a later save of the aggregate the entity belongs to writes it, cascaded: that save's statement is the write
        String cascaded = "entity " + c.receiver().name() + ", cascaded by";
        List<CallInfo> infos = sem.calls(m);
        for (CallSite x : m.method().body().calls()) {
            if (x.id() > c.id() && infos.get(x.id()).statements().stream().anyMatch(st -> st.shapes().stream()
                    .anyMatch(f -> f.text() != null && f.text().contains(cascaded)))) {
                return List.of();
            }
        }
        return List.of(dirty);
    }

    /**
     * True when an earlier call of the same transaction locks the row for update ({@code SELECT .. FOR UPDATE}, or a
     * repository method annotated {@code @Lock(PESSIMISTIC_WRITE)}): the lock serialises the read and the write, so a
     * second run waits for the first to commit and then reads the new status. Only inside a transaction (a
     * {@code @Transactional} method or a {@code TransactionTemplate} lambda); with auto-commit the lock ends with the
     * select.
     */
    static boolean lockedBefore(Semantics sem, MethodRef m, CallSite c, List<CallInfo> infos) {
        if (!sem.isTransactional(m) && m.method().body().lambdaOwners(c).stream()
                .noneMatch(o -> sem.runsLambdaInTransaction(m, o))) {
            return false;
        }
        for (CallSite x : m.method().body().calls()) {
            if (x.id() >= c.id()) {
                break;
            }
            if (x.exclusiveWith(c)) {
                continue;
            }
            CallInfo xi = infos.get(x.id());
            for (SqlStatement st : xi.statements()) {
                for (SqlFacts f : st.shapes()) {
                    if (f.selectsForUpdate()) {
                        return true;
                    }
                }
            }
            MethodRef d = xi.target().declared();
            if (d != null) {
                io.idemcheck.core.facts.AnnotationFact lock = d.method().annotation("Lock");
                if (lock != null && String.join(" ", lock.values().values()).contains("PESSIMISTIC_WRITE")) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The enclosing method of a statement, as "type#signature" (what suppressions and fingerprints key on): the mapper
     * or repository method that declares annotation SQL, or the method whose call carries the SQL.
     */
    private static String enclosing(Project project, SqlStatement st, Use first) {
        if (st.ownerType() != null && st.method() != null) {
            io.idemcheck.core.index.TypeEntry t = project.index().findType(st.ownerType()).orElse(null);
            if (t != null) {
                MethodFacts byName = null;
                for (MethodFacts mf : t.type().methods()) {
                    if (!mf.name().equals(st.method())) {
                        continue;
                    }
                    if (byName == null) {
                        byName = mf;
                    }
                    if (mf.annotations().stream().anyMatch(a -> a.range().equals(st.range()))) {
                        return t.fqn() + "#" + mf.signature();
                    }
                }
                if (byName != null) {
                    return t.fqn() + "#" + byName.signature();
                }
            }
            return st.id();
        }
        return first.method().type().fqn() + "#" + first.method().method().signature();
    }

    private void report(RuleContext ctx, SqlStatement st, List<Use> uses) {
        io.idemcheck.core.catalog.Catalog cat = ctx.project().catalog();
        SqlFacts blind = st.shapes().stream().filter(f -> StatusWriteShapes.transitionShape(cat, f)
                        && !StatusWriteShapes.fencedShape(cat, f) && !StatusWriteShapes.fencedInSubquery(cat, f))
                .findFirst().orElse(st.shapes().get(0));
        String column = blind.setColumns().stream()
                .filter(c -> cat.isStatusColumn(c) && !cat.terms(Vocabulary.FLAG_COLUMNS).has(c))
                .findFirst().orElse("status");
        Use first = uses.get(0);
        String where = blind.whereColumns().isEmpty() ? "with no WHERE predicate on it"
                : "matching only " + String.join(", ", blind.whereColumns());
        StringBuilder msg = new StringBuilder();
        msg.append("This UPDATE sets ").append(st.table() == null ? "" : st.table() + ".").append(column).append(' ')
                .append(where).append(", not on the current ").append(column)
                .append(st.shapes().size() > 1 ? " (in at least one of its " + st.shapes().size() + " dynamic shapes)" : "")
                .append(": it is a blind status transition. ").append(capitalize(first.why())).append(", so a second run, a "
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
        RuleContext.FindingBuilder b = ctx.finding(at).message(msg.toString()).enclosing(enclosing(ctx.project(), st, first))
                .construct(blind.text());
        for (Use u : uses) {
            for (Location v : u.via()) {
                b.related(v);
                b.flow(v);
            }
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

    /** Why a key-value claim cannot lose, for the message and explain. */
    private static String claimWhy(KeyValueClaims.Claim c) {
        CallerSite k = c.caller();
        return k.caller().type().simpleName() + "." + k.caller().method().name() + "() acts on "
                + c.method().method().name() + "() as a claim (line " + k.via().range().line() + "), but its write "
                + Semantics.display(c.write()) + " stores the caller's " + c.record().type().simpleName() + " `"
                + c.record().name() + "` (its status included) with " + c.store() + ", discards the write's result "
                + "and so returns true whoever wrote in between";
    }

    private static void reportClaim(MethodContext mc, KeyValueClaims.Claim c) {
        MethodRef m = c.method();
        CallSite w = c.write();
        String msg = "This key-value write is the only step of the claim " + m.type().simpleName() + "."
                + m.method().name() + "(), and it compares nothing: " + claimWhy(c) + ". Two instances that read the "
                + "same record both 'win' the claim, both go on with the work, and the later write puts a stale "
                + "status back over a newer one.";
        Location at = Semantics.location(m, w.range(), null);
        CallerSite k = c.caller();
        Location caller = Semantics.location(k.caller(), k.via().range(), Semantics.display(k.via())
                + " acts on the result as a claim it won");
        mc.finding(at).message(msg).enclosing(mc.enclosing())
                .construct(w.text()).related(caller).flow(caller)
                .flow(at.withLabel("the record is stored whatever is stored there now; the claim returns true"))
                .fix(Fix.of("Make the claim a compare-and-set and return its outcome: Redis SET .. NX, WATCH/MULTI "
                        + "or a Lua script comparing the stored version; an etcd transaction comparing the key's "
                        + "version with the one the caller read; ZooKeeper or Curator setData with the caller's "
                        + "expected version (a BadVersionException means another run won).", String.join("\n",
                        "// etcd: put only if the key still has the version the caller read",
                        "TxnResponse r = kv.txn().If(new Cmp(key, Cmp.Op.EQUAL, CmpTarget.version(expected)))",
                        "        .Then(Op.put(key, value, PutOption.DEFAULT)).commit().get();",
                        "return r.isSucceeded();",
                        "// ZooKeeper: zk.setData(path, data, expectedVersionFromCaller); catch BadVersionException -> false")))
                .report();
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
                "    " + RuleFixes.exit(first.method(), first.call())
                        + " // someone else already moved this row",
                "}");
        return Fix.of("Add the expected current status (or a version/owner predicate) to the UPDATE's WHERE clause "
                + "and act only when the row count is 1; with the runtime library, TaskClaimer.claim/complete do "
                + "this fenced on owner and attempt.", template);
    }

    private static String oneLine(String s) {
        String t = s.replaceAll("\\s+", " ").trim();
        return t.length() > 100 ? t.substring(0, 100) + "..." : t;
    }

    private static String capitalize(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /**
     * True when the write sets the very state its guard tested for ({@code if (!"ARCHIVED".equals(p.getStatus()))
     * updateStatus(id, "ARCHIVED")}): every run converges on the same value, so a second run or a concurrent one
     * overwrites nothing another run wrote.
     */
    private static boolean convergesToCheckedState(MethodRef m, CallSite c, SqlStatement st) {
        java.util.Set<String> written = new java.util.LinkedHashSet<>();
        for (SqlFacts f : st.shapes()) {
            for (String v : f.statusValues()) {
                if (!v.equals("?") && !v.isBlank()) {
                    written.add(v);
                }
            }
        }
        for (io.idemcheck.core.facts.Arg a : c.args()) {
            if (a.stringValue() != null && a.stringValue().matches("[A-Za-z_]{2,}")) {
                written.add(a.stringValue());
            }
        }
        if (written.size() != 1) {
            return false;
        }
        String value = written.iterator().next();
        for (int g : c.guardIds()) {
            String text = m.method().body().guards().get(g).text();
            if (text.contains("\"" + value + "\"") || text.contains("'" + value + "'")
                    || text.matches("(?s).*\\b" + java.util.regex.Pattern.quote(value) + "\\b.*")
                    && text.contains(".")) {
                return true;
            }
        }
        return false;
    }
}
