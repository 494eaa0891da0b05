package io.idemcheck.rules;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.facts.Arg;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.GuardFact;
import io.idemcheck.core.facts.LoopFact;
import io.idemcheck.core.facts.TryFact;
import io.idemcheck.core.finding.Fix;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.rule.MethodContext;
import io.idemcheck.core.sql.SqlFacts;
import io.idemcheck.core.sql.SqlStatement;
import io.idemcheck.core.summary.CallInfo;
import io.idemcheck.core.summary.Retries;
import io.idemcheck.core.summary.Semantics;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * IDEM006 detector: rows selected by their state, worked on one by one, whose failure leaves them in the state they
 * were selected by. Unattended code loops over rows a SELECT took by status, does an effect for each and records a new
 * state on success; when the effect fails nothing moves the row out of the selection and nothing counts the attempt,
 * and the selection has no retry ceiling or age cutoff. Two shapes:
 * <ul>
 * <li>an implicit retry: the rows wait (PENDING, NEW) and the catch block around the effect only logs, or only writes
 * columns that are no state (last_error, updated_at); reported at the catch;</li>
 * <li>a re-send sweep: the rows are the failed ones (FAILED, SEND_FAILED) and the sweep sends them again, with a
 * failure path that leaves them failed (no catch, a catch that logs, or one that writes the failed state again);
 * reported at the re-send.</li>
 * </ul>
 */
final class UnboundedRetrySelected {

    private UnboundedRetrySelected() {
    }

    /** A state value or constant of the catalog's {@code failureStates}, possibly prefixed (SEND_FAILED). */
    private static final Pattern FAILED_STATE = Catalog.builtin().terms(Vocabulary.FAILURE_STATES)
            .regex("(?i)(\\w+_)?(%s)");
    /** A select named for failed rows when its SQL is not visible (selectFailed, findErrorMessages). */
    private static final Pattern FAILED_NAME = Catalog.builtin().terms(Vocabulary.FAILURE_STATES)
            .regex("(?i)\\w*(%s)\\w*");
    /** A time bound in a condition: the catalog's {@code timeBoundTokens}. */
    private static final Pattern TIME_BOUND = Catalog.builtin().terms(Vocabulary.TIME_BOUND_TOKENS)
            .regex("(?i).*(%s).*");
    /** A column holding a point in time (the catalog's {@code staleTimeColumns}). */
    private static final Pattern TIME_COLUMN = Catalog.builtin().terms(Vocabulary.STALE_TIME_COLUMNS)
            .regex("(?i)(%s)");
    private static final Pattern WHERE = Pattern.compile("(?is)\\bWHERE\\b(.*)");
    /** A quoted value. */
    private static final Pattern QUOTED = Pattern.compile("'([^']*)'");
    /** A status column (a word of the catalog's {@code statusWords}) compared with a value or a list. */
    private static final Pattern STATUS_PREDICATE = Pattern.compile("(?is)\\b\\w*"
            + Catalog.builtin().terms(Vocabulary.STATUS_WORDS).regex("(%s)").pattern()
            + "\\w*`?\\s*(?:=\\s*('[^']*')|\\bIN\\s*\\(([^)]*)\\))");
    /** A column compared so that only newer rows pass ({@code created_at > now() - interval '1 day'}). */
    private static final Pattern NEWER_THAN = Pattern.compile(
            "(?i)`?\\b(\\w+)`?\\s*(?:>=?|\\bBETWEEN\\b)|(?:<=?)\\s*`?(\\w+)\\b`?(?!\\s*\\()");
    /** A derived-query name with an age cutoff (findByStatusAndCreatedAtAfter). */
    private static final Pattern NAME_CUTOFF = Pattern.compile("\\w*(After|GreaterThan|Since|Between|Recent)\\w*");
    private static final Pattern CONSTANT = Pattern.compile("\\b([A-Z][A-Z0-9_]{2,})\\b");
    private static final Pattern COMPARISON = Pattern.compile("(?s).*(<|>|==|!=|equals|compareTo).*");

    /** The call that selected the loop's rows, the SQL it runs (or null) and what that says. */
    private record Selection(CallSite call, String where, Set<String> states, boolean failed) {
    }

    /** Per-row work: the effect, the record of success after it, and the try around the effect (or null). */
    private record Work(MethodRef owner, CallSite effect, CallSite record, TryFact tryFact) {
    }

    /** Reports the loops of {@code m} over rows selected by state whose failed rows stay selected with no ceiling. */
    static void checkSelectedRows(MethodContext mc, Semantics sem, MethodRef m, Set<String> reported) {
        if (m.method().body().loops().isEmpty() || !sem.reachableFromEntryPoints().contains(m.method())
                || UnboundedRetryImplicit.requestHandler(m)) {
            return;
        }
        for (LoopFact loop : m.method().body().loops()) {
            Selection sel = selection(sem, m, loop);
            if (sel == null || bounded(sel) || guardedInLoop(m, loop)) {
                continue;
            }
            Work w = work(sem, m, loop, 1);
            if (w == null || w.owner() != m && guardedInLoop(w.owner(), null)) {
                continue;
            }
            if (w.tryFact() == null) {
                if (sel.failed()) {
                    reportSweep(mc, m, loop, sel, w, "no catch: a failure ends the sweep and leaves the row as it "
                            + "was");
                }
                continue;
            }
            for (TryFact.Catch cc : w.tryFact().catches()) {
                String leaves = failurePath(sem, w, cc, sel);
                if (leaves == null) {
                    continue;
                }
                if (sel.failed()) {
                    reportSweep(mc, m, loop, sel, w, "the catch block at line " + cc.range().line() + " " + leaves);
                } else if (reported.add(w.owner().file().relPath() + ":" + cc.range().line())) {
                    reportImplicit(mc, m, loop, sel, w, cc, leaves);
                }
                break;
            }
        }
    }

    /**
     * What catch clause {@code cc} does that leaves the row selected, or null when it moves the row aside, counts
     * the attempt, rethrows, says the work was done before, or does other work. For a sweep over failed rows a write
     * of the failed state the selection reads leaves the row selected too.
     */
    private static String failurePath(Semantics sem, Work w, TryFact.Catch cc, Selection sel) {
        if (cc.rethrows() || cc.types().stream().anyMatch(x -> UnboundedRetryImplicit.DONE_BEFORE.matcher(x).matches())) {
            return null;
        }
        MethodRef o = w.owner();
        UnboundedRetryImplicit.Path p = UnboundedRetryImplicit.failurePath(sem, o, cc.firstCallId(), cc.endCallId());
        if (!p.events.isEmpty()) {
            return null; // an event row only: the event-only detector's
        }
        if (p.other != null) {
            if (!sel.failed()) {
                return null;
            }
            String again = writesSelectedState(sem, o, cc, sel);
            return again == null ? null : "writes " + again + " again, a state the selection reads";
        }
        if (w.record().id() >= w.tryFact().endCallId() && !cc.leaves()) {
            return null; // the success record runs after the catch too: the row leaves the selection either way
        }
        if (p.nonState.isEmpty()) {
            return "only logs the failure";
        }
        CallSite n = p.nonState.get(0);
        return "only writes " + String.join(", ", p.nonStateColumns) + " (" + Semantics.display(n) + " at line "
                + n.range().line() + "), no state";
    }

    /** A state the catch writes that the selection reads (SEND_FAILED again), or null. */
    private static String writesSelectedState(Semantics sem, MethodRef o, TryFact.Catch cc, Selection sel) {
        List<CallSite> calls = o.method().body().calls();
        List<CallInfo> infos = sem.calls(o);
        boolean stateWrite = false;
        Set<String> values = new LinkedHashSet<>();
        for (int i = cc.firstCallId(); i < cc.endCallId() && i < calls.size(); i++) {
            CallInfo ci = infos.get(i);
            if (ci.claim() || Retries.RETRY_NAME.matcher(calls.get(i).name()).matches()
                    || !ci.isRecord() && (ci.isEffect()
                    || UnboundedRetryImplicit.DEAD_LETTER_CALL.namesWordsOf(calls.get(i).name()))) {
                return null; // a count, a claim, other work or a move aside (a record is judged by its state below)
            }
            if (!ci.isRecord()) {
                continue;
            }
            stateWrite = true;
            for (SqlStatement st : ci.statements()) {
                for (SqlFacts f : st.shapes()) {
                    if (f.setColumns().stream().anyMatch(col -> Retries.RETRY_NAME.matcher(col).matches())) {
                        return null;
                    }
                    f.statusValues().forEach(v -> values.add(v.toUpperCase(Locale.ROOT)));
                }
            }
            values.addAll(constants(calls.get(i)));
        }
        if (!stateWrite) {
            return null;
        }
        for (String v : values) {
            if (sel.states().contains(v)) {
                return v;
            }
        }
        return null;
    }

    private static Set<String> constants(CallSite c) {
        Set<String> out = new LinkedHashSet<>();
        for (Arg a : c.args()) {
            if (a.stringValue() != null) {
                out.add(a.stringValue().toUpperCase(Locale.ROOT));
            }
            Matcher t = CONSTANT.matcher(a.text());
            while (t.find()) {
                out.add(t.group(1));
            }
        }
        return out;
    }

    // ---- the selection ----------------------------------------------------------------------------------------------

    /**
     * The call before {@code loop} that read the rows it walks, when it selects them by status (its SQL's WHERE names
     * a status column, or, with no SQL visible, its name or a constant argument names a status), or null.
     */
    private static Selection selection(Semantics sem, MethodRef m, LoopFact loop) {
        if (!sem.loopOverSelectedRows(m, loop)) {
            return null;
        }
        List<CallInfo> infos = sem.calls(m);
        Set<String> names = sem.roots(m, loop.names());
        for (CallSite x : m.method().body().calls()) {
            if (x.loopIds().contains(loop.id()) && x.range().line() != loop.range().line()) {
                continue;
            }
            boolean source = loop.iterable().contains(x.text())
                    || x.assignedTo() != null && names.contains(x.assignedTo());
            CallInfo ci = infos.get(x.id());
            if (!source || !MissingUniqueBusinessKey.selectsByStatus(sem.catalog(), x, ci)) {
                continue;
            }
            String where = null;
            for (SqlStatement st : ci.statements()) {
                for (SqlFacts f : st.shapes()) {
                    if (f.kind() == SqlFacts.Kind.SELECT && f.text() != null) {
                        Matcher wm = WHERE.matcher(f.text());
                        where = wm.find() ? wm.group(1) : "";
                    }
                }
            }
            Set<String> states = new LinkedHashSet<>(constants(x));
            if (where != null) {
                Matcher sp = STATUS_PREDICATE.matcher(where);
                while (sp.find()) {
                    Matcher q = QUOTED.matcher(sp.group(2) != null ? sp.group(2) : sp.group(3));
                    while (q.find()) {
                        states.add(q.group(1).toUpperCase(Locale.ROOT));
                    }
                }
            }
            boolean failed = states.stream().anyMatch(s -> FAILED_STATE.matcher(s).matches())
                    || where == null && FAILED_NAME.matcher(x.name()).matches();
            return new Selection(x, where, states, failed);
        }
        return null;
    }

    /**
     * The selection bounds the retries: its WHERE reads an attempt count or keeps only rows newer than some time (an
     * age cutoff); with no SQL visible, its name says so (findByStatusAndRetryCountLessThan, ..CreatedAtAfter).
     */
    private static boolean bounded(Selection sel) {
        return bounded(sel.call().name(), sel.where());
    }

    /**
     * A selection made by the call named {@code name} with the WHERE text {@code where} (null when no SQL is visible)
     * bounds the retries: an attempt count or an age cutoff in the WHERE, or, with no SQL, in the name.
     */
    static boolean bounded(String name, String where) {
        if (where == null) {
            return Retries.RETRY_NAME.matcher(name).matches() || NAME_CUTOFF.matcher(name).matches();
        }
        if (ceiling(where)) {
            return true;
        }
        Matcher t = NEWER_THAN.matcher(where);
        while (t.find()) {
            String col = t.group(1) != null ? t.group(1) : t.group(2);
            if (col != null && TIME_COLUMN.matcher(col).matches()) {
                return true;
            }
        }
        return false;
    }

    /** A column on one side of an inequality ({@code retry_count < 5}, {@code #{max} > attempts}, BETWEEN). */
    private static final Pattern COMPARED_COLUMN = Pattern.compile("(?i)`?\\b(\\w+)`?\\s*(?:[<>]=?|&[lg]t;=?|\\bBETWEEN\\b)"
            + "|(?:[<>]=?|&[lg]t;=?)\\s*`?(\\w+)\\b`?(?!\\s*\\()");

    /**
     * An attempt counter: a column named with a word of the catalog's {@code retryCountNames} that does not hold a
     * point in time (the catalog's {@code staleTimeColumns}): {@code retry_count}, {@code attempts}, not
     * {@code next_retry_at} or {@code last_retry_time}, which say when a row is retried, not how often.
     */
    static boolean counterColumn(String col) {
        return col != null && Retries.RETRY_NAME.matcher(col).matches() && !TIME_COLUMN.matcher(col).matches();
    }

    /**
     * The WHERE text holds a retry ceiling: an attempt counter ({@link #counterColumn}) compared with a bound by an
     * inequality ({@code retry_count < 5}, {@code attempts < #{max}}, {@code #{max} > tries}). A time column with
     * retry in its name ({@code next_retry_at <= now()}) schedules the next try, a back-off with no end: no ceiling.
     */
    static boolean ceiling(String where) {
        Matcher c = COMPARED_COLUMN.matcher(where);
        while (c.find()) {
            if (counterColumn(c.group(1) != null ? c.group(1) : c.group(2))) {
                return true;
            }
        }
        return false;
    }

    /**
     * A condition inside {@code loop} (all of {@code o}'s conditions when null) reads an attempt count and compares it,
     * or bounds by time: the loop skips or parks rows at a ceiling.
     */
    static boolean guardedInLoop(MethodRef o, LoopFact loop) {
        for (GuardFact g : o.method().body().guards()) {
            if (loop != null && !Retries.inside(g.range(), loop.range())) {
                continue;
            }
            if (Retries.RETRY_NAME.matcher(g.text()).matches() && COMPARISON.matcher(g.text()).matches()
                    || TIME_BOUND.matcher(g.text()).matches()) {
                return true;
            }
        }
        return false;
    }

    // ---- the work on a row ------------------------------------------------------------------------------------------

    /**
     * The work done per row of {@code loop}: the first effect on the loop's main path (not in a catch block) and the
     * record after it. A record or claim before the effect (the row is moved in progress first) leaves no work to
     * report. A call passing the row to a project method with a body is followed {@code depth} levels down.
     */
    private static Work work(Semantics sem, MethodRef m, LoopFact loop, int depth) {
        List<CallSite> calls = m.method().body().calls();
        List<CallInfo> infos = sem.calls(m);
        int base = Integer.MAX_VALUE;
        for (CallSite c : calls) {
            if (inUnit(c, loop)) {
                base = Math.min(base, c.catchDepth());
            }
        }
        CallSite effect = null;
        for (CallSite c : calls) {
            if (!inUnit(c, loop) || c.catchDepth() != base || sem.inAsyncLambda(m, c)) {
                continue;
            }
            CallInfo ci = infos.get(c.id());
            if (effect == null) {
                MethodRef helper = depth > 0 && loop != null ? perRowHelper(m, c, ci, loop) : null;
                if (helper != null) {
                    Work w = work(sem, helper, null, depth - 1);
                    if (w != null) {
                        return w;
                    }
                }
                if (ci.isRecord() || ci.claim()) {
                    return null;
                }
                if (ci.isEffect()) {
                    effect = c;
                }
            } else if (ci.isRecord() && !ci.claim()) {
                return new Work(m, effect, c, innermostTry(m, effect, loop));
            }
        }
        return null;
    }

    /** The call is in the unit: inside {@code loop}, or anywhere in the method when the unit is a helper. */
    private static boolean inUnit(CallSite c, LoopFact loop) {
        return loop == null || c.loopIds().contains(loop.id());
    }

    /** The project method with a body that {@code c} calls with the loop's row, when it has no loop of its own. */
    private static MethodRef perRowHelper(MethodRef m, CallSite c, CallInfo ci, LoopFact loop) {
        if (ci.target() == null || ci.target().targets().size() != 1) {
            return null;
        }
        MethodRef t = ci.target().targets().get(0);
        if (!t.method().hasBody() || t.method() == m.method() || !t.method().body().loops().isEmpty()
                || c.args().stream().noneMatch(a -> a.names().stream().anyMatch(loop.vars()::contains))) {
            return null;
        }
        return t;
    }

    /** The innermost try of {@code o} whose block holds {@code effect} (inside {@code loop} when given), or null. */
    private static TryFact innermostTry(MethodRef o, CallSite effect, LoopFact loop) {
        TryFact best = null;
        for (TryFact t : o.method().body().tries()) {
            if (effect.id() < t.firstCallId() || effect.id() >= t.endCallId() || t.catches().isEmpty()
                    || loop != null && !t.loopIds().contains(loop.id())) {
                continue;
            }
            if (best == null || t.firstCallId() >= best.firstCallId()) {
                best = t;
            }
        }
        return best;
    }

    // ---- findings ---------------------------------------------------------------------------------------------------

    private static String selected(Selection sel) {
        return Semantics.display(sel.call()) + (sel.states().isEmpty() ? "" : " (" + String.join(", ",
                sel.states()) + ")");
    }

    private static void reportImplicit(MethodContext mc, MethodRef m, LoopFact loop, Selection sel, Work w,
                                       TryFact.Catch cc, String leaves) {
        MethodRef o = w.owner();
        String where = o == m ? "" : " in " + o.method().name() + "(), called for each row,";
        mc.finding(Semantics.location(o, cc.range(), null))
                .once(UnboundedRetry.eventOnly(o.file().relPath() + ":" + cc.range().line()))
                .message(m.method().name() + "() runs unattended over the rows " + selected(sel) + " selects at line "
                        + sel.call().range().line() + "; when " + Semantics.display(w.effect()) + " at line "
                        + w.effect().range().line() + " fails, the catch block at line " + cc.range().line() + where
                        + " " + leaves + ". The row keeps the state it was selected by, no attempt is counted and "
                        + "the selection has no retry ceiling or age cutoff, so the next run selects it again: an "
                        + "implicit retry with no ceiling. A row that always fails is retried forever and never "
                        + "reaches anyone's attention.")
                .enclosing(o.type().fqn() + "#" + o.method().signature())
                .construct(w.effect().text() + "#failure-leaves-selected")
                .fix(Fix.of("Count the failures on the row (an attempts column incremented on this path) and make "
                        + "the selection skip rows at a ceiling, moving them to FAILED or DEAD and alerting; or give "
                        + "the selection an age cutoff. The runtime's TaskClaimer.fail(claim, error) counts and parks "
                        + "a task row.", String.join("\n",
                        "} catch (Exception e) {",
                        "    log.warn(\"failed\", e);",
                        "    mapper.recordFailure(id, e.getMessage());",
                        "    // UPDATE t SET attempts = attempts + 1, status = CASE WHEN attempts + 1 >= 5 THEN 'DEAD' "
                                + "ELSE status END WHERE id = ?",
                        "}")))
                .report();
    }

    private static void reportSweep(MethodContext mc, MethodRef m, LoopFact loop, Selection sel, Work w,
                                    String leaves) {
        MethodRef o = w.owner();
        String where = o == m ? "" : " (in " + o.method().name() + "(), called for each row)";
        mc.finding(Semantics.location(o, w.effect().range(), null))
                .message(m.method().name() + "() runs unattended and sends again every failed row "
                        + selected(sel) + " selects at line " + sel.call().range().line() + ": "
                        + Semantics.display(w.effect()) + " at line " + w.effect().range().line() + where + ", then "
                        + Semantics.display(w.record()) + " on success. Nothing counts the re-sends and the "
                        + "selection has no retry ceiling or age cutoff, and on failure " + leaves + ". A row that "
                        + "always fails is re-sent on every sweep, forever.")
                .enclosing(o.type().fqn() + "#" + o.method().signature())
                .construct(w.effect().text() + "#resend-sweep")
                .fix(Fix.of("Count the re-sends and stop at a ceiling: select only rows below a maximum "
                        + "(retry_count < 5), increment the count on each failed re-send, and move rows at the "
                        + "ceiling to DEAD and alert; or only re-send rows that failed recently.",
                        "SELECT .. WHERE status = 'FAILED' AND retry_count < 5   -- and on failure: "
                                + "retry_count = retry_count + 1, DEAD at the ceiling"))
                .report();
    }
}
