package io.idemcheck.rules;

import io.idemcheck.core.model.Project;
import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.facts.Arg;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.finding.Fix;
import io.idemcheck.core.finding.Location;
import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.rule.MethodContext;
import io.idemcheck.core.rule.MethodRule;
import io.idemcheck.core.rule.RuleContext;
import io.idemcheck.core.rule.RuleInfo;
import io.idemcheck.core.rule.RuleTrace;
import io.idemcheck.core.sql.SqlFacts;
import io.idemcheck.core.sql.SqlStatement;
import io.idemcheck.core.summary.CallInfo;
import io.idemcheck.core.summary.InProgressStates;
import io.idemcheck.core.summary.Semantics;
import io.idemcheck.rules.fix.Templates;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * IDEM008: rows are moved into an in-progress state (RUNNING, PROCESSING, a picked flag, an owner set) but nothing in
 * the project ever returns stale in-progress rows to a retryable state: no statement reads or updates rows in that
 * state with a time predicate, and the runtime library's {@code TaskClaimer.recoverExpired} is never called. Reported
 * at the statement that sets the state (the XML element or annotation; the call for JDBC strings, wrappers, entity
 * saves and name-based claims). When the scan contains no SQL at all, one note says the rule could not be checked.
 *
 * <p>Each method's calls are read on their own ({@link #checkMethod}, on any thread); what they found is merged in
 * method order once every method was read ({@link #afterMethods}), which decides over the whole project.
 */
@RuleInfo(id = "IDEM008", name = "StaleRunningNotRecovered",
        summary = "Rows are set RUNNING but nothing ever returns stale RUNNING rows to a retryable state",
        severity = Severity.WARNING, tags = {"idempotency", "batch", "restart-safety", "recovery"}, precision = "medium")
public final class StaleRunningNotRecovered implements MethodRule {

    /** markRunning, setProcessing: a verb, then a word of the catalog's {@code inProgressMarkWords}. */
    private static final Pattern NAME_CLAIM = Catalog.builtin().terms(Vocabulary.IN_PROGRESS_MARK_WORDS)
            .regex("(?i)^(mark|set|update\\w*To)(%s)\\w*");
    /** setStatus, setOrderState: set, then a word of the catalog's {@code statusWords} at the end. */
    private static final Pattern STATUS_SETTER = Catalog.builtin().terms(Vocabulary.STATUS_WORDS)
            .regex("^set\\w*(%s)$");

    /** One move into an in-progress state. */
    record Move(Location at, String enclosing, String construct, String table, String value, String what,
                        String basis, List<String> setColumns) {
    }

    /**
     * What the check found: every move into an in-progress state, the method whose call made it (null for a
     * statement whose mapper method is not in the scan), and why a move is not reported (absent: it is reported).
     */
    private record Analysis(List<Move> moves, Map<Move, MethodRef> origin, Map<Move, String> spared) {
    }

    /**
     * What one method's calls found: the moves they make (a move through a statement with that statement's id, so a
     * statement several methods run is moved by the first of them in method order), the two-phase-commit prepares,
     * the SQL shapes of its string statements, and whether it recovers stale rows or in-doubt branches.
     */
    private static final class Found {
        final MethodRef method;
        final List<Move> moves = new ArrayList<>();
        final List<CallSite> calls = new ArrayList<>();
        final List<String> statements = new ArrayList<>();
        final List<Move> inDoubt = new ArrayList<>();
        final List<SqlFacts> shapes = new ArrayList<>();
        boolean recoverExpired;
        String xaRecovery;

        Found(MethodRef method) {
            this.method = method;
        }
    }

    /** Reads the method's calls; what they find is decided on with every other method's in {@link #afterMethods}. */
    @Override
    public void checkMethod(MethodContext mc) {
        Found f = new Found(mc.method());
        mc.collect(f); // before reading, so what a method that fails found before failing stands
        collect(mc.semantics(), mc.method(), f);
    }

    /** Merges what the methods found, in method order, and reports the moves nothing recovers. */
    @Override
    public void afterMethods(RuleContext ctx, List<Object> collected) {
        List<Found> found = new ArrayList<>();
        for (Object o : collected) {
            found.add((Found) o);
        }
        Analysis a = decide(ctx, found);
        for (Move mv : a.moves()) {
            if (!a.spared().containsKey(mv)) {
                report(ctx, mv);
            }
        }
    }

    @Override
    public void explain(RuleContext ctx, MethodRef m, RuleTrace trace) {
        if (m.file().test()) {
            trace.missing(0, "the method", "main code: this is test code");
            return;
        }
        // the rule decides over the whole project (is any stale row recovered anywhere?): run it, then read the moves
        // this method makes or declares
        List<Found> found = new ArrayList<>();
        Semantics sem = ctx.project().semantics();
        for (MethodRef other : ctx.project().index().methods()) {
            if (accepts(other, RuleTrace.OFF)) {
                Found f = new Found(other);
                found.add(f);
                ctx.onMethod(other, () -> collect(sem, other, f));
            }
        }
        Analysis a = decide(ctx, found);
        for (Move mv : a.moves()) {
            boolean declaredHere = mv.at().path().equals(m.file().relPath())
                    && mv.at().startLine() >= m.method().range().line()
                    && mv.at().startLine() <= m.method().range().endLine();
            if (!declaredHere && !m.equals(a.origin().get(mv))) {
                continue;
            }
            String subject = mv.what();
            int line = declaredHere ? mv.at().startLine() : 0;
            trace.held(line, subject, "it moves " + (mv.table() == null ? "rows" : mv.table() + " rows")
                    + " into an in-progress state (" + mv.value() + ", recognised by " + mv.basis() + ")");
            String spared = a.spared().get(mv);
            if (spared != null) {
                trace.missing(line, subject, "no recovery of stale rows: " + spared);
            } else if (declaredHere || m.id().equals(mv.enclosing())) {
                trace.fired(mv.at().startLine(), subject, "nothing returns stale " + mv.value() + " rows to a "
                        + "retryable state");
            } else {
                trace.note(line, subject, "nothing recovers its stale rows; reported at " + mv.at().path() + ":"
                        + mv.at().startLine());
            }
        }
        if (trace.steps().stream().noneMatch(st -> st.kind() == RuleTrace.Kind.MISSING
                || st.kind() == RuleTrace.Kind.FIRED)) {
            trace.missing(0, "the method", trace.isEmpty() ? "a move into an in-progress state: the method makes or "
                    + "declares none" : "a finding located here: a move run through a statement declared elsewhere "
                    + "is reported at that statement");
        }
    }

    /** Reads the calls of main method {@code m} (with a body) into {@code f}. */
    private static void collect(Semantics sem, MethodRef m, Found f) {
        List<CallInfo> infos = sem.calls(m);
        List<CallSite> calls = m.method().body().calls();
        for (CallSite c : calls) {
            CallInfo ci = infos.get(c.id());
            String recv = ci.target().receiverType().simpleName();
            if (c.name().equals("recoverExpired")) {
                f.recoverExpired = true;
            }
            Move xa = InDoubtBranches.prepare(sem, m, c, ci);
            if (xa != null) {
                f.inDoubt.add(xa);
            }
            String recovers = InDoubtBranches.recovery(sem, m, c, ci);
            if (recovers != null) {
                f.xaRecovery = recovers + " in " + m.type().simpleName() + "." + m.method().name() + "()";
            }
            for (SqlStatement st : NonConditionalStatusUpdate.writes(sem, m, c, ci)) {
                if (!isModelStatement(st)) {
                    f.shapes.addAll(st.shapes());
                }
                String v = InProgressStates.movesToInProgress(sem.catalog(), st);
                if (v != null && !f.statements.contains(st.id())) {
                    add(f, c, st.id(), moveOf(sem, m, c, st, v));
                }
            }
            if (ci.statements().isEmpty() && recv.equals("TaskClaimer") && c.name().equals("claim")) {
                add(f, c, null, new Move(Semantics.location(m, c.range(), null), m.id(), c.text(), null, "RUNNING",
                        Semantics.display(c) + " (TaskClaimer.claim)", "runtime", List.of()));
            } else if (ci.statements().isEmpty() && NAME_CLAIM.matcher(c.name()).matches()
                    && ci.target().targets().stream().noneMatch(t -> t.method().hasBody())) {
                add(f, c, null, new Move(Semantics.location(m, c.range(), null), m.id(), c.text(), null,
                        nameValue(sem.catalog(), c.name()), Semantics.display(c), "name", List.of()));
            }
            Move entity = entityMove(sem, m, c, infos, calls);
            if (entity != null) {
                add(f, c, null, entity);
            } else {
                Move arg = InProgressArguments.move(sem, m, c, ci);
                if (arg != null) {
                    add(f, c, null, arg);
                }
            }
        }
    }

    /** A move of {@code f}'s method by call {@code c}, through statement {@code statement} (null: none). */
    private static void add(Found f, CallSite c, String statement, Move mv) {
        f.moves.add(mv);
        f.calls.add(c);
        f.statements.add(statement);
    }

    /**
     * Merges what the methods found (in method order: a statement several methods run is moved by the first) with
     * the statements no scanned method runs, and decides which moves are recovered.
     */
    private static Analysis decide(RuleContext ctx, List<Found> found) {
        Project project = ctx.project();
        Semantics sem = project.semantics();
        List<Move> moves = new ArrayList<>();
        Map<Move, MethodRef> origin = new java.util.IdentityHashMap<>();
        Map<Move, CallSite> moveCall = new java.util.IdentityHashMap<>();
        Map<Move, String> spared = new java.util.IdentityHashMap<>();
        Set<String> seenStatements = new HashSet<>();
        List<SqlFacts> allShapes = new ArrayList<>();
        boolean recoverExpired = false;
        // prepared two-phase-commit branches: recovered by listing in-doubt branches, never by a SQL sweep
        List<Move> inDoubt = new ArrayList<>();
        String xaRecovery = null;
        for (SqlStatement st : sem.sqlModel().statements()) {
            allShapes.addAll(st.shapes());
        }
        for (Found f : found) {
            recoverExpired |= f.recoverExpired;
            for (Move xa : f.inDoubt) {
                inDoubt.add(xa);
                origin.put(xa, f.method);
            }
            if (f.xaRecovery != null) {
                xaRecovery = f.xaRecovery;
            }
            allShapes.addAll(f.shapes);
            for (int i = 0; i < f.moves.size(); i++) {
                String st = f.statements.get(i);
                if (st == null || seenStatements.add(st)) {
                    Move mv = f.moves.get(i);
                    moves.add(mv);
                    origin.put(mv, f.method);
                    moveCall.put(mv, f.calls.get(i));
                }
            }
        }
        // statements whose mapper method is not in the scan (XML without its interface) still run somewhere
        for (SqlStatement st : sem.sqlModel().statements()) {
            if (st.ownerType() != null && project.index().findType(st.ownerType()).isPresent()) {
                continue;
            }
            String v = InProgressStates.movesToInProgress(sem.catalog(), st);
            if (v != null && seenStatements.add(st.id())) {
                moves.add(new Move(new Location(st.relPath(), st.range().line(), st.range().column(),
                        st.range().endLine(), st.range().endColumn(), null), st.id(), st.id(), st.table(), v,
                        "statement " + shortId(st), "sql", firstSet(st)));
            }
        }
        for (Move mv : inDoubt) {
            if (xaRecovery != null) {
                spared.put(mv, "in-doubt branches are listed by " + xaRecovery);
            }
        }
        for (Move mv : moves) {
            CallSite c = moveCall.get(mv);
            if (c != null && !"guard".equals(mv.basis()) && writtenAfterTheWork(sem, origin.get(mv), c)) {
                spared.put(mv, "it is written after the work of " + origin.get(mv).method().name() + "() and nothing "
                        + "follows it there: it marks the work done, it is not a claim held while work runs");
            }
        }
        Analysis rows = rowMoves(ctx, moves, origin, spared, allShapes, recoverExpired);
        List<Move> all = new ArrayList<>(rows.moves());
        all.addAll(inDoubt);
        return new Analysis(all, origin, spared);
    }

    /** Decides which moves of rows into an in-progress state are recovered by a sweep (or by recoverExpired). */
    private static Analysis rowMoves(RuleContext ctx, List<Move> moves, Map<Move, MethodRef> origin,
                                     Map<Move, String> spared, List<SqlFacts> allShapes, boolean recoverExpired) {
        Semantics sem = ctx.project().semantics();
        if (moves.isEmpty() || recoverExpired) {
            moves.forEach(mv -> spared.put(mv, "the project calls TaskClaimer.recoverExpired"));
            return new Analysis(moves, origin, spared);
        }
        if (allShapes.isEmpty()) {
            Move first = moves.get(0);
            List<String> names = new ArrayList<>();
            moves.forEach(mv -> names.add(mv.what()));
            ctx.couldNotCheck(first.at(), "the scan includes no SQL (no mapper XML, SQL annotations or SQL strings), "
                    + "so a statement that returns stale in-progress rows cannot be seen. Rows are moved into an "
                    + "in-progress state by " + String.join(", ", names) + ". Scan the mapper XML / SQL too, or use "
                    + "TaskClaimer.recoverExpired.");
            moves.forEach(mv -> spared.put(mv, "not checked: the scan includes no SQL, so a statement that "
                    + "returns stale rows cannot be seen"));
            return new Analysis(moves, origin, spared);
        }
        Map<String, String> recoveredTables = new LinkedHashMap<>();
        boolean recoveredUnknownTable = false;
        for (SqlFacts f : allShapes) {
            String col = InProgressStates.staleRowPredicate(f, sem.catalog()::isStatusColumn);
            if (col == null) {
                continue;
            }
            Set<String> tables = f.table() != null ? Set.of(f.table()) : InProgressStates.tablesOf(f.text());
            if (tables.isEmpty()) {
                recoveredUnknownTable = true;
            }
            tables.forEach(t -> recoveredTables.put(t, col));
        }
        for (Move mv : moves) {
            if (recoveredUnknownTable || mv.table() == null && !recoveredTables.isEmpty()
                    || mv.table() != null && recoveredTables.containsKey(mv.table())) {
                spared.put(mv, "a statement reads or updates " + (mv.table() != null
                        && recoveredTables.containsKey(mv.table()) ? mv.table() + " rows in an "
                        + "in-progress state by age (" + recoveredTables.get(mv.table()) + ")"
                        : "in-progress rows by age (of a table not known here)"));
            }
        }
        return new Analysis(moves, origin, spared);
    }

    /**
     * The move is written last, after the work of its method: some call before it in the method does work (an effect,
     * a record or a database write) and none after it does. Such a value marks the work done (a bulk PROCESSING set
     * once the items were handled), it is not a claim held while work runs, so a crash leaves no row stuck before its
     * work.
     */
    private static boolean writtenAfterTheWork(Semantics sem, MethodRef m, CallSite move) {
        List<CallInfo> infos = sem.calls(m);
        boolean before = false;
        for (CallSite x : m.method().body().calls()) {
            if (x.id() == move.id() || move.receiver().kind() == io.idemcheck.core.facts.Receiver.Kind.CALL
                    && x.id() == move.receiver().callId()) {
                continue;
            }
            CallInfo ci = infos.get(x.id());
            boolean work = ci.isEffect() || ci.isRecord() || ci.claim() || sem.writesDatabase(m, x);
            if (work && x.id() > move.id()) {
                return false;
            }
            before |= work && x.id() < move.id();
        }
        return before;
    }

    private static boolean isModelStatement(SqlStatement st) {
        return st.source().declared();
    }

    private static Move moveOf(Semantics sem, MethodRef m, CallSite c, SqlStatement st, String value) {
        if (isModelStatement(st)) {
            Location at = new Location(st.relPath(), st.range().line(), st.range().column(), st.range().endLine(),
                    st.range().endColumn(), null);
            return new Move(at, st.id(), st.id(), st.table(), value, "statement " + shortId(st), "sql",
                    firstSet(st));
        }
        return new Move(Semantics.location(m, c.range(), null), m.id(), c.text(), st.table(), value,
                Semantics.display(c), "sql", firstSet(st));
    }

    private static List<String> firstSet(SqlStatement st) {
        return st.shapes().get(0).setColumns();
    }

    private static String shortId(SqlStatement st) {
        if (st.ownerType() != null && st.method() != null) {
            return st.ownerType().substring(st.ownerType().lastIndexOf('.') + 1) + "." + st.method();
        }
        String id = st.id();
        int hash = id.indexOf('#');
        String owner = hash >= 0 ? id.substring(0, hash) : id;
        String rest = hash >= 0 ? id.substring(hash) : "";
        int dot = owner.lastIndexOf('.', owner.lastIndexOf('.') - 1);
        return (dot >= 0 ? owner.substring(dot + 1) : owner) + rest;
    }

    private static String nameValue(Catalog cat, String name) {
        for (String v : cat.terms(Vocabulary.IN_PROGRESS_STATES).values()) {
            if (name.toUpperCase(java.util.Locale.ROOT).replace("_", "").contains(v.replace("_", ""))) {
                return v;
            }
        }
        return "RUNNING";
    }

    /** {@code task.setStatus("RUNNING")} (or an enum constant) followed by a save or update of the same entity. */
    private static Move entityMove(Semantics sem, MethodRef m, CallSite c, List<CallInfo> infos,
                                   List<CallSite> calls) {
        if (!STATUS_SETTER.matcher(c.name()).matches() || c.args().size() != 1
                || c.receiver().name() == null) {
            return null;
        }
        Arg a = c.args().get(0);
        String value = a.stringValue() != null ? a.stringValue() : a.text();
        if (!InProgressStates.isInProgressValue(sem.catalog(), value)) {
            return null;
        }
        String entity = c.receiver().name();
        io.idemcheck.core.facts.LocalVar lv = m.method().body().locals().get(entity);
        if (lv != null && lv.initText() != null && lv.initText().matches("(?s)\\s*(new\\s.*|.*\\.builder\\(\\).*)")) {
            // a fresh entity: its save is an insert. A run-history row inserted RUNNING needs no recovery (the next
            // run inserts its own); a row inserted in progress as a guard does: its insert decides whether the work
            // runs (insert-if-absent), so a row left behind by a dead worker blocks that work for good
            return guardInsert(sem, m, c, infos, calls, entity, lv, value);
        }
        for (int j = c.id() + 1; j < calls.size(); j++) {
            CallSite s = calls.get(j);
            boolean save = s.name().matches("save\\w*|update\\w*|merge|persist") && s.args().stream()
                    .anyMatch(x -> x.names().contains(entity));
            if (save && infos.get(j).statements().isEmpty()
                    && !sem.index().typeOf(infos.get(j).target().receiverType()).filter(sem::isDataAccess).isPresent()) {
                // saved through a facade or a helper of this class, not a mapper or repository: where the state is
                // stored (a JSON document, a cache) and whether stale rows are swept cannot be read here
                return null;
            }
            if (save) {
                String table = null;
                for (SqlStatement st : infos.get(j).statements()) {
                    if (InProgressStates.movesToInProgress(sem.catalog(), st) != null) {
                        return null; // reported from its statement
                    }
                    table = st.table();
                }
                return new Move(Semantics.location(m, s.range(), null), m.id(), s.text(),
                        table == null || "?".equals(table) ? null : table,
                        InProgressStates.isInProgressValue(sem.catalog(), value) ? value.replaceAll(".*\\.", "").replace("\"", "")
                                : "RUNNING", Semantics.display(c) + " then " + Semantics.display(s), "entity",
                        List.of());
            }
        }
        return null;
    }

    /** A name beginning with a verb of the catalog's {@code guardInsertVerbs}. */
    private static final Pattern INSERT_NAME = Catalog.builtin().terms(Vocabulary.GUARD_INSERT_VERBS).regex("(%s)\\w*");

    /**
     * {@code e = new X(..); e.setStatus(IN_PROGRESS); if (dao.addX(e)) { run the work }}: the fresh in-progress row is
     * inserted as a guard (the insert's result is the condition the work runs under).
     */
    private static Move guardInsert(Semantics sem, MethodRef m, CallSite c, List<CallInfo> infos, List<CallSite> calls,
                                    String entity, io.idemcheck.core.facts.LocalVar lv, String value) {
        for (int j = c.id() + 1; j < calls.size(); j++) {
            CallSite s = calls.get(j);
            if (!INSERT_NAME.matcher(s.name()).matches() || s.args().stream().noneMatch(x -> x.names().contains(entity))
                    || s.use() != CallSite.Use.CONDITION) {
                continue;
            }
            String table = null;
            for (SqlStatement st : infos.get(j).statements()) {
                if (st.table() != null && !"?".equals(st.table())) {
                    table = st.table();
                }
            }
            if (table == null && lv.type() != null && !lv.type().isUnknown()) {
                table = lv.type().simpleName().replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(java.util.Locale.ROOT);
            }
            return new Move(Semantics.location(m, s.range(), null), m.id(), s.text(), table,
                    value.replaceAll(".*\\.", "").replace("\"", ""), Semantics.display(c) + " on a new row, then "
                    + Semantics.display(s) + " as the condition the work runs under,", "guard", List.of());
        }
        return null;
    }

    private void report(RuleContext ctx, Move mv) {
        if ("xa".equals(mv.basis())) {
            reportInDoubt(ctx, mv);
            return;
        }
        String table = mv.table() != null ? mv.table() : "the task table";
        String value = mv.value().startsWith("a") ? mv.value() : "'" + mv.value() + "'";
        String state = mv.value().startsWith("a") ? "in-progress" : mv.value();
        StringBuilder msg = new StringBuilder();
        msg.append(mv.what()).append(" moves ").append(table).append(" rows into ").append(value)
                .append(", but nothing in the project ever returns stale ").append(state)
                .append(" rows to a retryable state: no statement reads or updates ").append(state)
                .append(" rows of ").append(table).append(" with a time predicate (such as ")
                .append(InProgressStates.timeColumn(mv.setColumns())).append(" < now - lease), and "
                        + "TaskClaimer.recoverExpired is never called. If the process is killed after this write and "
                        + "before the row's final status is written, the row stays ").append(state)
                .append(" forever: the next run selects only rows waiting for work, so the item is never retried "
                        + "and no one is told.");
        if ("name".equals(mv.basis())) {
            msg.append(" (The in-progress move was recognised by its method name; its SQL is not visible.)");
        } else if ("entity".equals(mv.basis())) {
            msg.append(" (The in-progress move is an entity status set and saved.)");
        } else if ("argument".equals(mv.basis())) {
            msg.append(" (The in-progress value is an argument; the method called stores it in the row it saves.)");
        } else if ("guard".equals(mv.basis())) {
            msg.append(" The row is also the guard: while it exists in that state, a redelivery or a rerun skips "
                    + "the work as already running, so the work is lost, not merely delayed.");
        }
        String col = InProgressStates.timeColumn(mv.setColumns());
        String t = mv.table() != null ? mv.table() : "<task_table>";
        String st = mv.value().startsWith("a") ? "RUNNING" : mv.value();
        String template = String.join("\n",
                "// with the runtime library (TaskClaimer over " + t + "): at start-up and on a schedule",
                Templates.recoverExpired("taskClaimer", 10),
                "// and taskClaimer.heartbeat(claim) for items that run longer than the lease",
                "",
                "-- or the sweep in SQL, at start-up and every few minutes (rows of dead workers back to PENDING):",
                Templates.sqlSweep(t, "status", st, "PENDING", col, 10),
                "-- (give up at a ceiling: SET status = 'DEAD' for the rows whose attempts reached max_attempts)");
        ctx.finding(mv.at()).message(msg.toString()).enclosing(mv.enclosing()).construct(mv.construct())
                .fix(Fix.of("Add a recovery sweep that returns " + st + " rows whose " + col + " is older than a "
                        + "lease to PENDING (or DEAD after a retry ceiling), run at start-up and periodically; "
                        + "TaskClaimer.claim + recoverExpired(lease) in the runtime library do both, fenced on owner "
                        + "and attempt. Test it with a kill-midway test (docs/runtime-test.md).", template))
                .report();
    }

    /** A two-phase-commit branch prepared by the project's own coordinator, with no recovery of in-doubt branches. */
    private void reportInDoubt(RuleContext ctx, Move mv) {
        String msg = mv.what() + " puts a two-phase-commit branch into the prepared state, where the resource manager "
                + "holds its locks until this coordinator commits or rolls it back, but nothing in the project lists "
                + "in-doubt branches (no XAResource.recover from code that runs) and the coordinator's decision is not "
                + "read back from a log after a restart. If the process dies after the prepare and before the second "
                + "phase, the branch stays prepared forever: its rows stay locked, and no run commits or rolls it back.";
        String template = String.join("\n",
                "// log the decision durably before the second phase, and at start-up:",
                "for (Xid xid : xaResource.recover(XAResource.TMSTARTRSCAN | XAResource.TMENDRSCAN)) {",
                "    if (decisionLog.committed(xid)) { xaResource.commit(xid, false); } else { xaResource.rollback(xid); }",
                "}");
        ctx.finding(mv.at()).message(msg).enclosing(mv.enclosing()).construct(mv.construct())
                .fix(Fix.of("Write the commit decision to a durable log before the second phase, and at start-up "
                        + "(and periodically) list the in-doubt branches with XAResource.recover and commit or roll "
                        + "each back by that log; or leave two-phase commit to a transaction manager that does "
                        + "recovery (Narayana, Atomikos).", template))
                .report();
    }
}
