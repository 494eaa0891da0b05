package io.idemcheck.rules;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.facts.AnnotationFact;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.TryFact;
import io.idemcheck.core.finding.Fix;
import io.idemcheck.core.finding.Location;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.rule.MethodContext;
import io.idemcheck.core.sql.SqlFacts;
import io.idemcheck.core.sql.SqlStatement;
import io.idemcheck.core.summary.CallInfo;
import io.idemcheck.core.summary.Retries;
import io.idemcheck.core.summary.Semantics;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * IDEM006 detector: an implicit retry. The work on an item fails and the failure path writes nothing about the
 * item but an event or log row ({@code saveEvent(id, ERROR, ..)}): the item's state is unchanged and no attempt is
 * counted, so the next run selects it again, fails again, and so on forever, with nothing ever parking it.
 */
final class UnboundedRetryImplicit {

    private UnboundedRetryImplicit() {
    }

    /**
     * The catalog's {@code failurePathExitWords}: a name some of whose whole camel-case words spell one
     * ({@code parkMessage}, {@code markFailed}) moves the item aside; a word inside another word does not count
     * ({@code spark}, {@code failover}). See {@link io.idemcheck.core.catalog.Terms#namesWordsOf(String)}.
     */
    static final io.idemcheck.core.catalog.Terms DEAD_LETTER_CALL =
            Catalog.builtin().terms(Vocabulary.FAILURE_PATH_EXIT_WORDS);

    /** A text holding a word of the catalog's {@code doneBeforeWords}. */
    static final Pattern DONE_BEFORE = Catalog.builtin().terms(Vocabulary.DONE_BEFORE_WORDS)
            .regex("(?i).*(%s).*");

    /** One event write found on a failure path: the method holding it and the call. */
    record EventWrite(MethodRef method, CallSite call) {
    }

    /**
     * What a failure path does: the event writes it makes, the writes of columns that are no state (last_error,
     * updated_at) and the columns they set, and whether it does anything else that counts.
     */
    static final class Path {
        final List<EventWrite> events = new ArrayList<>();
        final List<CallSite> nonState = new ArrayList<>();
        final Set<String> nonStateColumns = new java.util.LinkedHashSet<>();
        String other;
    }

    /** What calls [from, to) of {@code m} do on a failure path (project helpers of the same class one level down). */
    static Path failurePath(Semantics sem, MethodRef m, int from, int to) {
        Path p = new Path();
        walk(sem, m, sem.calls(m), from, to, 1, p);
        return p;
    }

    static void checkEventOnlyFailure(MethodContext mc, Semantics sem, MethodRef m, Set<String> reported) {
        if (m.method().body().tries().isEmpty() || requestHandler(m)) {
            return;
        }
        List<CallInfo> infos = sem.calls(m);
        List<CallSite> calls = m.method().body().calls();
        for (TryFact t : m.method().body().tries()) {
            if (!doesWork(sem, m, infos, calls, t.firstCallId(), t.endCallId())) {
                continue;
            }
            for (TryFact.Catch cc : t.catches()) {
                if (cc.types().stream().anyMatch(x -> DONE_BEFORE.matcher(x).matches())) {
                    continue; // the item was handled before (a duplicate, already done): skipping it is no failure
                }
                Path p = new Path();
                walk(sem, m, infos, cc.firstCallId(), cc.endCallId(), 1, p);
                if (p.other != null || p.events.isEmpty()) {
                    continue;
                }
                EventWrite ev = p.events.get(0);
                Location loc = Semantics.location(ev.method(), ev.call().range(), null);
                String key = loc.path() + ":" + loc.startLine();
                if (!reported.add(key)) {
                    continue;
                }
                String via = ev.method().method() == m.method() ? "" : " (in " + ev.method().method().name()
                        + "(), called from the catch block at line " + cc.range().line() + ")";
                mc.finding(loc).once(UnboundedRetry.eventOnly(key)).message("When the work in " + m.method().name() + "() fails, the catch block at line "
                                + cc.range().line() + " only records an event: " + Semantics.display(ev.call())
                                + " at line " + ev.call().range().line() + via + ". The item's state is not changed "
                                + "and no attempt is counted, so the next run picks the same item up again and it "
                                + "fails again: an implicit retry with no ceiling. An item that always fails is "
                                + "retried forever and never reaches anyone's attention.")
                        .enclosing(m.type().fqn() + "#" + m.method().signature())
                        .construct(ev.call().text() + "#event-only")
                        .fix(Fix.of("Count the failures on the item (an attempts or failure_count column incremented "
                                + "on this path) and leave the queue at a ceiling: move the item to a FAILED or DEAD "
                                + "state (or reject the file) and alert; make the selection skip items at the "
                                + "ceiling. The runtime's TaskClaimer.fail(claim, error) does this for a task row.",
                                String.join("\n",
                                        "} catch (Exception e) {",
                                        "    " + ev.call().text().replace("\n", " ") + ";",
                                        "    if (repository.incrementFailureCount(id) >= MAX_ATTEMPTS) {",
                                        "        repository.markFailed(id);   // out of the selection, visible",
                                        "        alerts.deadLetter(id, e);",
                                        "    }",
                                        "}")))
                        .report();
            }
        }
    }

    /** The try block does work on something: an effect, a state record or a database write. */
    private static boolean doesWork(Semantics sem, MethodRef m, List<CallInfo> infos, List<CallSite> calls, int from,
                                    int to) {
        for (int i = from; i < to && i < calls.size(); i++) {
            CallInfo ci = infos.get(i);
            if (ci.isEffect() || ci.isRecord() || sem.writesDatabase(m, calls.get(i))) {
                return true;
            }
        }
        return false;
    }

    /** Reads calls [from, to) of {@code m} (and, {@code depth} levels down, the bodies of project helpers). */
    private static void walk(Semantics sem, MethodRef m, List<CallInfo> infos, int from, int to, int depth, Path p) {
        List<CallSite> calls = m.method().body().calls();
        for (int i = from; i < to && i < calls.size() && p.other == null; i++) {
            CallSite c = calls.get(i);
            CallInfo ci = infos.get(i);
            if (eventWrite(sem, m, c, ci)) {
                p.events.add(new EventWrite(m, c));
                continue;
            }
            if (ci.isRecord() || ci.claim()) {
                p.other = "records the item's state";
            } else if (DEAD_LETTER_CALL.namesWordsOf(c.name())) {
                p.other = "moves the item aside";
            } else if (Retries.RETRY_NAME.matcher(c.name()).matches()) {
                p.other = "counts attempts";
            } else if (nonStateWrite(sem, m, c, ci, p.nonStateColumns)) {
                p.nonState.add(c);
            } else if (ci.isEffect() || sem.writesDatabase(m, c)) {
                MethodRef helper = helper(m, ci);
                if (helper != null && depth > 0) {
                    Path sub = new Path();
                    walk(sem, helper, sem.calls(helper), 0, helper.method().body().calls().size(), depth - 1, sub);
                    if (sub.other == null && !sub.events.isEmpty()) {
                        p.events.addAll(sub.events);
                        p.nonState.addAll(sub.nonState);
                        p.nonStateColumns.addAll(sub.nonStateColumns);
                        continue;
                    }
                }
                p.other = "does other work";
            } else {
                MethodRef helper = helper(m, ci);
                if (helper != null && depth > 0) {
                    Path sub = new Path();
                    walk(sem, helper, sem.calls(helper), 0, helper.method().body().calls().size(), depth - 1, sub);
                    p.events.addAll(sub.events);
                    p.nonState.addAll(sub.nonState);
                    p.nonStateColumns.addAll(sub.nonStateColumns);
                    p.other = sub.other;
                }
            }
        }
    }

    /**
     * The call writes only columns that are no state of the item: every statement it runs is an UPDATE of a table
     * that sets no status column, no column a selection of pending work reads (the catalog's recordColumns) and no
     * attempt count ({@code UPDATE t SET last_error = ?, updated_at = now() WHERE id = ?}). Adds the columns to
     * {@code columns}.
     */
    private static boolean nonStateWrite(Semantics sem, MethodRef m, CallSite c, CallInfo ci, Set<String> columns) {
        if (ci.isRecord() || ci.claim() || ci.isEffect() || ci.statements().isEmpty() || !sem.writesDatabase(m, c)) {
            return false;
        }
        Set<String> set = new java.util.LinkedHashSet<>();
        for (SqlStatement st : ci.statements()) {
            for (SqlFacts f : st.shapes()) {
                if (f.kind() != SqlFacts.Kind.UPDATE || f.table() == null || f.setColumns().isEmpty()
                        || f.statusWrite()) {
                    return false;
                }
                for (String col : f.setColumns()) {
                    if (sem.catalog().isStatusColumn(col) || sem.catalog().isRecordColumn(col)
                            || Retries.RETRY_NAME.matcher(col).matches()) {
                        return false;
                    }
                    set.add(col);
                }
            }
        }
        columns.addAll(set);
        return true;
    }

    /** A helper of the same class the call runs (a private handleError), or null. */
    private static MethodRef helper(MethodRef m, CallInfo ci) {
        if (ci.target() == null || ci.target().targets().size() != 1) {
            return null;
        }
        MethodRef t = ci.target().targets().get(0);
        return t.type() == m.type() && t.method().hasBody() && t.method() != m.method() ? t : null;
    }

    /**
     * The call writes an event or log row about the item: its name says so (failureEventWrites), or its SQL inserts
     * into an append-only table (envelope_events, job_log).
     */
    static boolean eventWrite(Semantics sem, MethodRef m, CallSite c, CallInfo ci) {
        Catalog cat = sem.catalog();
        if (ci.isRecord() || ci.claim()) {
            return false;
        }
        if (cat.terms(Vocabulary.FAILURE_EVENT_WRITES).matching(c.name()) != null) {
            return ci.isEffect() || sem.writesDatabase(m, c);
        }
        boolean any = false;
        for (SqlStatement st : ci.statements()) {
            for (SqlFacts f : st.shapes()) {
                if (f.kind() != SqlFacts.Kind.INSERT || f.table() == null
                        || !MissingUniqueBusinessKey.appendOnly(cat, f.table().toLowerCase(Locale.ROOT))) {
                    return false;
                }
                any = true;
            }
        }
        return any;
    }

    /** A web request handler: a failure there is the caller's to retry, not a job's. */
    static boolean requestHandler(MethodRef m) {
        if (m.type().annotation("RestController") != null || m.type().annotation("Controller") != null) {
            return true;
        }
        for (AnnotationFact a : m.method().annotations()) {
            if (a.name().endsWith("Mapping")) {
                return true;
            }
        }
        return false;
    }

    /**
     * A WHERE naming a status column (a word of the catalog's {@code statusWords}) equal to, or in a list holding, a
     * quoted value of the catalog's {@code failureStates}.
     */
    private static final Pattern FAILED_IN_WHERE = Catalog.builtin().terms(Vocabulary.FAILURE_STATES).regex(
            "(?is).*\\bWHERE\\b.*\\b\\w*" + Catalog.builtin().terms(Vocabulary.STATUS_WORDS).regex("(%s)").pattern()
                    + "\\w*\\s*(=|IN\\s*\\()\\s*[^)]*'(%s)'.*");

    /**
     * A periodic sweep that puts failed rows back: unattended code runs {@code UPDATE t SET status = 'PENDING' WHERE
     * status = 'FAILED'} with no retry column in the statement and no selection of the table bounded by one. Every
     * row that always fails is put back on every sweep, forever.
     */
    static void checkResetSweep(MethodContext mc, Semantics sem, MethodRef m, Set<String> boundedTables,
                                Set<String> reported) {
        if (!sem.reachableFromEntryPoints().contains(m.method())) {
            return;
        }
        List<CallInfo> infos = sem.calls(m);
        for (CallSite c : m.method().body().calls()) {
            for (SqlStatement st : infos.get(c.id()).statements()) {
                for (SqlFacts f : st.shapes()) {
                    if (f.kind() != SqlFacts.Kind.UPDATE || !f.statusWrite() || f.text() == null
                            || f.table() != null && boundedTables.contains(f.table())
                            || f.statusValues().stream().noneMatch(v -> sem.catalog().terms(Vocabulary.RETRY_STATES)
                            .has(v.toUpperCase(Locale.ROOT)))
                            || !FAILED_IN_WHERE.matcher(f.text()).matches()
                            || f.setColumns().stream().anyMatch(col -> Retries.RETRY_NAME.matcher(col).matches())
                            || f.whereColumns().stream().anyMatch(UnboundedRetrySelected::counterColumn)) {
                        continue;
                    }
                    Location loc = Semantics.location(m, c.range(), null);
                    String key = loc.path() + ":" + loc.startLine();
                    if (!reported.add(key)) {
                        continue;
                    }
                    mc.finding(loc).once(UnboundedRetry.eventOnly(key)).message(Semantics.display(c) + " at line " + c.range().line() + " runs `"
                                    + Retries.oneLine(f.text()) + "` from unattended code: a sweep that puts failed rows "
                                    + "back in the queue, with no retry count in the statement and no selection of "
                                    + f.table() + " bounded by one. A row that always fails is failed and put back on "
                                    + "every sweep, forever, and is never left for someone to look at.")
                            .enclosing(m.type().fqn() + "#" + m.method().signature()).construct(c.text() + "#sweep")
                            .fix(Fix.of("Count the put-backs and stop at a ceiling: increment a retry_count column "
                                    + "in the sweep and only put back rows below a maximum; leave the others FAILED "
                                    + "(or move them to DEAD) and alert.", "UPDATE " + f.table() + " SET status = "
                                    + "'PENDING', retry_count = retry_count + 1 WHERE status = 'FAILED' AND "
                                    + "retry_count < 5"))
                            .report();
                }
            }
        }
    }
}
