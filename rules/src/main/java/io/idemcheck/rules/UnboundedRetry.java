package io.idemcheck.rules;

import io.idemcheck.core.model.Project;
import io.idemcheck.core.facts.AnnotationFact;
import io.idemcheck.core.facts.Arg;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.GuardFact;
import io.idemcheck.core.facts.NewFact;
import io.idemcheck.core.facts.Receiver;
import io.idemcheck.core.finding.Fix;
import io.idemcheck.core.finding.Location;
import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.index.CallTarget;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.rule.Rule;
import io.idemcheck.core.rule.RuleContext;
import io.idemcheck.core.rule.RuleInfo;
import io.idemcheck.core.springconfig.ConfigEntry;
import io.idemcheck.core.springconfig.ConfigFile;
import io.idemcheck.core.sql.SqlFacts;
import io.idemcheck.core.sql.SqlStatement;
import io.idemcheck.core.summary.CallInfo;
import io.idemcheck.core.summary.Retries;
import io.idemcheck.core.summary.Semantics;
import io.idemcheck.rules.fix.Templates;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * IDEM006: a retry with no ceiling. A {@code while (true)} / {@code for (;;)} loop or a recursion that catches a
 * failure and tries again with no attempt counter and no time bound; a catch block or failure handler that puts the
 * item back (status back to PENDING/RETRY/..., re-enqueue, nack with requeue) without reading and bounding a retry
 * count; a retry library configured without a limit (in Java or in {@code application*.yml|yaml|properties}). One
 * permanently failing item is then retried forever and floods the queue.
 */
@RuleInfo(id = "IDEM006", name = "UnboundedRetry",
        summary = "A retry has no ceiling, so one permanently failing item is retried forever",
        severity = Severity.WARNING, tags = {"retry", "dead-letter", "batch"}, precision = "medium")
public final class UnboundedRetry implements Rule {

    /** States that put an item back in the queue. */
    static final Set<String> RETRY_STATES = Set.of("PENDING", "INIT", "INITIAL", "RETRY", "RETRYING", "WAIT",
            "WAITING", "WAIT_RETRY", "TO_RETRY", "RETRY_PENDING", "TODO", "NEW", "READY", "QUEUED", "UNPROCESSED",
            "REPROCESS", "CREATED");
    private static final Pattern STATE_TOKEN = Pattern.compile("\\b([A-Z][A-Z_]{2,})\\b");
    private static final Pattern REQUEUE_NAME = Pattern.compile(
            "(?i)(re_?enqueue|requeue|enqueue|resubmit|reschedule|retryLater|republish|resend|putBack|pushBack"
                    + "|reQueue|retryAgain|addRetry|scheduleRetry)\\w*");
    private static final Set<String> FAILURE_HANDLERS = Set.of("onFailure", "handleFailure", "onError", "handleError",
            "onFail", "handleFail", "onException", "failed", "recover");

    @Override
    public void check(RuleContext ctx) {
        Project project = ctx.project();
        Semantics sem = project.semantics();
        Set<String> boundedTables = boundedTables(sem);
        for (MethodRef m : project.index().methods()) {
            if (m.file().test()) {
                continue;
            }
            checkLibraryAnnotation(ctx, m);
            if (!m.method().hasBody() || m.method().body().calls().isEmpty()
                    && m.method().body().creations().isEmpty()) {
                continue;
            }
            checkLoops(ctx, m);
            checkRecursion(ctx, sem, m);
            checkPutBack(ctx, sem, m, boundedTables);
            checkLibraryCode(ctx, m);
        }
        checkConfigFiles(ctx, project);
    }

    // ---- loops and recursion ----------------------------------------------------------------------------------------

    private void checkLoops(RuleContext ctx, MethodRef m) {
        Set<Integer> seen = new LinkedHashSet<>();
        for (Retries.RetryLoop l : Retries.retryLoops(m)) {
            if (l.bound() != null || !seen.add(l.loop().id()) || policyDecides(m, l)) {
                continue;
            }
            CallSite attempt = firstAttempt(m, l.attempt().firstCallId(), l.attempt().endCallId());
            String header = l.loop().kind().equals("do") ? "do { .. } while (" + Retries.oneLine(l.loop().iterable())
                    + ")" : l.loop().kind().equals("for") ? "for (;" + Retries.oneLine(l.loop().iterable()) + ";)"
                    : "while (" + Retries.oneLine(l.loop().iterable()) + ")";
            String msg = "The loop `" + header + "` at line " + l.loop().range().line() + " retries "
                    + (attempt != null ? Semantics.display(attempt) + " (line " + attempt.range().line() + ")"
                    : "its attempt") + " whenever it throws: the catch block at line "
                    + l.catchClause().range().line() + " swallows the failure and the loop tries again, with no "
                    + "attempt counter compared to a maximum and no time bound. A call that always fails (a "
                    + "permanently broken row, a request the other side rejects) is retried forever: the job never "
                    + "finishes and hammers the downstream.";
            Location loc = Semantics.location(m, l.loop().range(), null);
            Location one = new Location(loc.path(), loc.startLine(), loc.startColumn(), loc.startLine(),
                    loc.startColumn() + 1, null);
            RuleContext.FindingBuilder b = ctx.finding(one).message(msg)
                    .enclosing(m.type().fqn() + "#" + m.method().signature()).construct(header);
            if (attempt != null) {
                b.related(Semantics.location(m, attempt.range(), "the attempt that is retried"));
            }
            b.fix(Fix.of("Count attempts and stop at a maximum (`for (int attempt = 1; attempt <= MAX_ATTEMPTS; "
                    + "attempt++)`, then rethrow or record the item as FAILED/DEAD), or bound the loop by a deadline; "
                    + "for work items, hand the failure to the runtime's TaskClaimer.fail(claim, error), which counts "
                    + "attempts and moves the row to DEAD at the ceiling.", String.join("\n",
                    "for (int attempt = 1; ; attempt++) {",
                    "    try {",
                    "        " + (attempt != null ? attempt.text().replace("\n", " ") : "attempt()") + ";",
                    "        break;",
                    "    } catch (Exception e) {",
                    "        if (attempt >= MAX_ATTEMPTS) {",
                    "            throw e;   // or: taskClaimer.fail(claim, e) -> DEAD at the ceiling",
                    "        }",
                    "        sleep(backoff(attempt));",
                    "    }",
                    "}",
                    "",
                    "// for work items: the attempt count on the row, a ceiling, and DEAD at the ceiling",
                    Templates.boundedRetry(table(ctx.project().semantics(), m, attempt), 5,
                            attempt != null ? attempt.text() : "attempt()"))));
            b.report();
        }
    }

    private static final Pattern POLICY_CALL = Pattern.compile(
            "(continueOrPropagate|canRetry|shouldRetry|nextBackOff|nextBackoff|retryOrThrow|onRetry|allowRetry"
                    + "|checkRetry|isRetryable|retryIfPossible|next)");

    /**
     * The catch block hands the failure to a retry policy that throws at its ceiling (Feign's
     * {@code retryer.continueOrPropagate(e)}, {@code backOffExecution.nextBackOff()}, {@code policy.canRetry(..)}):
     * the bound lives in the policy.
     */
    private static boolean policyDecides(MethodRef m, Retries.RetryLoop l) {
        List<CallSite> calls = m.method().body().calls();
        for (int i = l.catchClause().firstCallId(); i < l.catchClause().endCallId() && i < calls.size(); i++) {
            CallSite c = calls.get(i);
            String recv = c.receiver().text().toLowerCase(Locale.ROOT);
            if (POLICY_CALL.matcher(c.name()).matches() && (recv.contains("retr") || recv.contains("backoff")
                    || recv.contains("policy") || !c.name().equals("next"))) {
                return true;
            }
        }
        return false;
    }

    private static CallSite firstAttempt(MethodRef m, int from, int to) {
        List<CallSite> calls = m.method().body().calls();
        CallSite best = null;
        for (int i = from; i < to && i < calls.size(); i++) {
            CallSite c = calls.get(i);
            if (c.name().equals("sleep") || c.receiver().text().startsWith("log")) {
                continue;
            }
            if (best == null || c.use() == CallSite.Use.DISCARDED || c.use() == CallSite.Use.ASSIGNED) {
                best = c;
                if (c.receiver().kind() != Receiver.Kind.CALL) {
                    break;
                }
            }
        }
        return best;
    }

    private void checkRecursion(RuleContext ctx, Semantics sem, MethodRef m) {
        List<CallTarget> targets = sem.index().calls(m);
        for (Retries.RecursiveRetry r : Retries.recursiveRetries(m, targets)) {
            if (r.bound() != null) {
                continue;
            }
            CallSite self = r.selfCall();
            String msg = Semantics.display(self) + " at line " + self.range().line() + " calls "
                    + m.method().name() + "() again from the catch block at line " + r.catchClause().range().line()
                    + ", with no attempt counter compared to a maximum: a call that always fails recurses forever "
                    + "(and ends in a StackOverflowError after flooding the downstream).";
            ctx.finding(Semantics.location(m, self.range(), null)).message(msg)
                    .enclosing(m.type().fqn() + "#" + m.method().signature()).construct(self.text())
                    .fix(Fix.of("Pass an attempt number and stop at a maximum (`if (attempt >= MAX_ATTEMPTS) throw e; "
                            + "return " + m.method().name() + "(.., attempt + 1);`), or use a bounded retry "
                            + "(Spring Retry's @Retryable(maxAttempts = 5)).", Templates.boundedRetrySetting("//",
                            self.text(), "if (attempt >= MAX_ATTEMPTS) {\n    throw e; // or taskClaimer.fail(claim, "
                                    + "e): DEAD at the ceiling\n}\nreturn " + m.method().name() + "(.., attempt + 1);",
                            "the failure is thrown (or the item is DEAD) instead of recursing again")))
                    .report();
        }
    }

    // ---- putting the item back --------------------------------------------------------------------------------------

    private void checkPutBack(RuleContext ctx, Semantics sem, MethodRef m, Set<String> boundedTables) {
        List<CallInfo> infos = sem.calls(m);
        List<CallSite> calls = m.method().body().calls();
        boolean handler = FAILURE_HANDLERS.contains(m.method().name()) || m.method().annotation("Recover") != null;
        String methodBound = guardBound(m);
        for (CallSite c : calls) {
            if (c.catchDepth() == 0 && !handler || sem.inAsyncLambda(m, c)) {
                continue;
            }
            CallInfo ci = infos.get(c.id());
            String how = putBack(m, c, ci, calls);
            if (how == null) {
                continue;
            }
            String bound = methodBound;
            if (bound == null) {
                bound = sqlBound(ci, boundedTables);
            }
            if (bound != null && (methodBound == null || deadLetterPath(m, infos) != null)) {
                continue;
            }
            String where = c.catchDepth() > 0 ? "in a catch block" : "in the failure handler " + m.method().name()
                    + "()";
            if (bound != null) {
                // the count is read and bounded, but reaching the bound leads nowhere: no DEAD/FAILED state, no
                // dead-letter queue, no alert
                ctx.finding(Semantics.location(m, c.range(), null)).message(Semantics.display(c) + " at line "
                        + c.range().line() + " " + how + " " + where + " while `" + bound.replace('\n', ' ')
                        + "` holds, but nothing happens once the maximum is reached: no DEAD or FAILED state, no "
                        + "dead-letter queue, no alert. The item that always fails is neither retried nor parked "
                        + "where someone will see it; it stays as it is, silently, and its work never happens.")
                        .enclosing(m.type().fqn() + "#" + m.method().signature()).construct(c.text() + "#dead-letter")
                        .fix(Fix.of("When the ceiling is reached, move the item to a dead-letter state (DEAD, kept "
                                + "and counted) and alert; the runtime's TaskClaimer.fail(claim, error) moves the row "
                                + "to DEAD at max_attempts.", String.join("\n",
                                "if (retryCount + 1 >= MAX_ATTEMPTS) {",
                                "    mapper.updateStatus(id, \"DEAD\");   // kept, counted, visible: the dead-letter state",
                                "    alerts.deadLetter(id, e);",
                                "} else {",
                                "    " + c.text().replace("\n", " ") + ";",
                                "}")))
                        .report();
                continue;
            }
            String msg = Semantics.display(c) + " at line " + c.range().line() + " " + how + " " + where
                    + ", and nothing reads or bounds a retry count first, nor moves the item to a dead-letter state "
                    + "once a maximum is reached. An item that always fails (bad data, a permanently rejected "
                    + "request) comes back on every run and floods the queue forever.";
            ctx.finding(Semantics.location(m, c.range(), null)).message(msg)
                    .enclosing(m.type().fqn() + "#" + m.method().signature()).construct(c.text())
                    .fix(Fix.of("Count the attempts and stop at a ceiling: increment a retry_count column with the "
                            + "put-back and move the row to DEAD (or FAILED, and alert) once it reaches a maximum; "
                            + "the runtime's TaskClaimer.fail(claim, error) does exactly that (PENDING again, or DEAD "
                            + "at max_attempts). For brokers, reject without requeue and route to a dead-letter queue.",
                            String.join("\n",
                                    "} catch (Exception e) {",
                                    "    taskClaimer.fail(claim, e);   // attempts + 1; PENDING again, DEAD at the ceiling",
                                    "}",
                                    "// plain SQL: UPDATE " + table(ci) + " SET status = CASE WHEN retry_count + 1 >= 5 "
                                            + "THEN 'DEAD' ELSE 'PENDING' END,",
                                    "//            retry_count = retry_count + 1 WHERE id = ?",
                                    "",
                                    "// the whole item with the runtime library:",
                                    Templates.boundedRetry(table(ci), 5, "process(item)"))))
                    .report();
        }
    }

    /** How {@code c} puts the item back, or null when it does not. */
    private static String putBack(MethodRef m, CallSite c, CallInfo ci, List<CallSite> calls) {
        boolean statusWrite = ci.isRecord() || ci.statements().stream().anyMatch(SqlStatement::statusWrite);
        if (statusWrite) {
            Set<String> values = new LinkedHashSet<>();
            for (SqlStatement st : ci.statements()) {
                for (SqlFacts f : st.shapes()) {
                    f.statusValues().forEach(v -> values.add(v.toUpperCase(Locale.ROOT)));
                }
            }
            List<Arg> args = new ArrayList<>(c.args());
            // entity style: x.setStatus(PENDING) before save(x)
            if (!c.args().isEmpty()) {
                String x = c.args().get(0).text();
                for (CallSite p : calls) {
                    if (p.id() < c.id() && p.receiver().kind() == Receiver.Kind.NAME && x.equals(p.receiver().name())
                            && p.name().matches("set\\w*(Status|State)")) {
                        args.addAll(p.args());
                    }
                }
            }
            for (Arg a : args) {
                if (a.stringValue() != null) {
                    values.add(a.stringValue().toUpperCase(Locale.ROOT));
                }
                Matcher t = STATE_TOKEN.matcher(a.text());
                while (t.find()) {
                    values.add(t.group(1));
                }
            }
            for (String v : values) {
                if (RETRY_STATES.contains(v)) {
                    return "sets the item's status back to " + v;
                }
            }
            return null;
        }
        if ((c.name().equals("basicNack") && c.argCount() == 3 || c.name().equals("basicReject") && c.argCount() == 2)
                && c.args().get(c.argCount() - 1).text().equals("true")) {
            return "rejects the message with requeue = true, so the broker delivers it again at once,";
        }
        if (REQUEUE_NAME.matcher(c.name()).matches() && !c.name().toLowerCase(Locale.ROOT).contains("dead")
                && !c.name().toLowerCase(Locale.ROOT).contains("dlq") && carriesItem(m, c)) {
            return "puts the item back in the queue";
        }
        return null;
    }

    /**
     * The re-enqueue passes something of the item (a parameter, a loop variable or a local): a bare
     * {@code scheduleRetry()} that reconnects a client or restarts a keep-alive puts no work item back.
     */
    private static boolean carriesItem(MethodRef m, CallSite c) {
        Set<String> params = new LinkedHashSet<>();
        m.method().params().forEach(p -> params.add(p.name()));
        for (Arg a : c.args()) {
            for (String n : a.names()) {
                if (params.contains(n) || m.method().body().locals().containsKey(n)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static final Pattern DEAD_STATE = Pattern.compile(
            "(?i)(DEAD|DEAD_?LETTER|FAILED|FAIL|FAILURE|ABANDONED|GIVEN_?UP|GIVE_?UP|ERROR|EXHAUSTED|SUSPENDED)");
    private static final Pattern DEAD_LETTER_CALL = Pattern.compile(
            "(?i).*(dead_?letter|dlq|dlt|alert|alarm|giveUp|markDead|markFailed|fail|park).*");

    /**
     * Where the method moves an item once its retries are spent, or null: a status write or argument naming a dead
     * state (DEAD, FAILED, ...), a dead-letter queue or topic, an alert, the runtime's TaskClaimer.fail.
     */
    private static String deadLetterPath(MethodRef m, List<CallInfo> infos) {
        for (CallSite c : m.method().body().calls()) {
            if (DEAD_LETTER_CALL.matcher(c.name()).matches()) {
                return c.text();
            }
            for (io.idemcheck.core.facts.Arg a : c.args()) {
                if (a.stringValue() != null && (DEAD_STATE.matcher(a.stringValue()).matches()
                        || a.stringValue().toLowerCase(Locale.ROOT).matches(".*(dlq|dlt|dead).*"))) {
                    return c.text();
                }
            }
            for (SqlStatement st : infos.get(c.id()).statements()) {
                for (SqlFacts f : st.shapes()) {
                    if (f.statusValues().stream().anyMatch(v -> DEAD_STATE.matcher(v).matches())) {
                        return c.text();
                    }
                }
            }
        }
        return null;
    }

    /** A condition in the method that reads a retry count and compares it, or null. */
    private static String guardBound(MethodRef m) {
        for (GuardFact g : m.method().body().guards()) {
            if (Retries.RETRY_NAME.matcher(g.text()).matches()
                    && g.text().matches("(?s).*(<|>|==|!=|equals|compareTo|isRedelivered|getRedelivered).*")) {
                return g.text();
            }
            if (g.text().matches("(?s).*(isRedelivered|getRedelivered|Redelivered\\(\\)).*")) {
                return g.text();
            }
        }
        return null;
    }

    /** The put-back's own SQL bounds the count, or the table's rows are selected with a bound on a retry column. */
    private static String sqlBound(CallInfo ci, Set<String> boundedTables) {
        for (SqlStatement st : ci.statements()) {
            for (SqlFacts f : st.shapes()) {
                if (f.whereColumns().stream().anyMatch(col -> Retries.RETRY_NAME.matcher(col).matches())) {
                    return f.text();
                }
                if (f.text() != null && f.text().toUpperCase(Locale.ROOT).contains("CASE")
                        && Retries.RETRY_NAME.matcher(f.text()).matches()) {
                    return f.text();
                }
            }
            if (st.table() != null && boundedTables.contains(st.table())) {
                return st.table();
            }
        }
        return null;
    }

    private static final Pattern SELECT_FROM = Pattern.compile("(?i)\\bFROM\\s+[`\"]?(\\w+)");
    private static final Pattern RETRY_COMPARE = Pattern.compile(
            "(?i)\\b\\w*(retr|attempt|tries|fail_?(count|times|num)|error_?count)\\w*\\s*(<|<=|>|>=|!=)");

    /** Tables some statement reads or writes with a retry-count column in its WHERE clause. */
    private static Set<String> boundedTables(Semantics sem) {
        Set<String> out = new LinkedHashSet<>();
        for (SqlStatement st : sem.sqlModel().statements()) {
            for (SqlFacts f : st.shapes()) {
                if (f.table() != null && f.whereColumns().stream()
                        .anyMatch(col -> Retries.RETRY_NAME.matcher(col).matches())) {
                    out.add(f.table());
                }
                // the model keeps no table or columns for a SELECT: read its text
                if (f.kind() == SqlFacts.Kind.SELECT && f.text() != null) {
                    Matcher from = SELECT_FROM.matcher(f.text());
                    int where = f.text().toUpperCase(Locale.ROOT).indexOf("WHERE");
                    if (from.find() && where > 0
                            && RETRY_COMPARE.matcher(f.text().substring(where)).find()) {
                        out.add(from.group(1).toLowerCase(Locale.ROOT));
                    }
                }
            }
        }
        return out;
    }

    // ---- retry libraries in Java ------------------------------------------------------------------------------------

    private void checkLibraryAnnotation(RuleContext ctx, MethodRef m) {
        if (m.method().annotation("Retryable") == null) {
            return;
        }
        Retries.RetryableAnnotation ra = Retries.retryable(m);
        if (ra == null || !ra.unbounded()) {
            return;
        }
        AnnotationFact a = ra.annotation();
        String lib = ra.springCore() ? "Spring Framework's core @Retryable" : "Spring Retry's @Retryable";
        String msg = lib + " on " + m.method().name() + "() sets " + ra.limitMember() + " = " + ra.limit()
                + ": no ceiling. A call that always fails is retried forever and the item never reaches a recover or "
                + "dead-letter path.";
        ctx.finding(Semantics.location(m, a.range(), null)).message(msg)
                .enclosing(m.type().fqn() + "#" + m.method().signature()).construct("@Retryable")
                .fix(Fix.of("Set a finite limit (" + ra.limitMember() + " = " + (ra.springCore() ? "4" : "5")
                        + ", or leave the default of 3) and handle exhaustion (a @Recover method that records the "
                        + "item as FAILED/DEAD and alerts).", Templates.boundedRetrySetting("//",
                        "@Retryable(" + ra.limitMember() + " = " + ra.limit() + ")", "@Retryable(" + ra.limitMember() + " = " + (ra.springCore() ? "4" : "5") + ")\n"
                                + "public .. " + m.method().name() + "(..)\n\n@Recover\npublic .. recover(Exception e, ..) {"
                                + "\n    // record the item as FAILED/DEAD (taskClaimer.fail(claim, e)) and alert\n}",
                        "the @Recover method records the item as FAILED/DEAD")))
                .report();
    }

    private void checkLibraryCode(RuleContext ctx, MethodRef m) {
        List<CallSite> calls = m.method().body().calls();
        String enclosing = m.type().fqn() + "#" + m.method().signature();
        for (NewFact n : m.method().body().creations()) {
            String s = n.simpleName();
            String why = null;
            String fix = null;
            String bounded = null;
            if (s.equals("AlwaysRetryPolicy")) {
                why = "`" + Retries.oneLine(n.text()) + "` retries every failure forever";
                fix = "Use a SimpleRetryPolicy with a finite maxAttempts (RetryTemplate.builder().maxAttempts(5)) and "
                        + "a RecoveryCallback that records the item as FAILED/DEAD.";
                bounded = "RetryTemplate retryTemplate = RetryTemplate.builder().maxAttempts(5).build();";
            } else if (s.equals("SimpleRetryPolicy") && !n.args().isEmpty()
                    && Retries.isUnboundedValue(n.args().get(0))) {
                why = "`" + Retries.oneLine(n.text()) + "` allows " + n.args().get(0) + " attempts: no ceiling";
                fix = "Give SimpleRetryPolicy a finite maxAttempts (5) and recover to a FAILED/DEAD state.";
                bounded = "new SimpleRetryPolicy(5)";
            } else if (s.equals("FixedBackOff") && n.args().size() == 2 && Retries.isUnboundedValue(n.args().get(1))) {
                why = "`" + Retries.oneLine(n.text()) + "` retries without limit (" + n.args().get(1) + ")";
                fix = "Give the back-off a finite number of attempts (new FixedBackOff(1000L, 4L)) and a "
                        + "DeadLetterPublishingRecoverer, so a poison record goes to the .DLT topic.";
                bounded = "new DefaultErrorHandler(new DeadLetterPublishingRecoverer(kafkaTemplate), "
                        + "new FixedBackOff(" + n.args().get(0) + ", 4L))";
            } else if (s.equals("ExponentialBackOff") && springBackOff(m) && !bounded(n, calls)) {
                why = "`" + Retries.oneLine(n.text()) + "` is never given setMaxElapsedTime(..) or setMaxAttempts(..), "
                        + "and Spring's ExponentialBackOff retries without limit by default";
                fix = "Call setMaxElapsedTime(..) (or, Spring 6.1+, setMaxAttempts(..)) on the back-off, or use "
                        + "ExponentialBackOffWithMaxRetries, with a dead-letter recoverer.";
                bounded = "ExponentialBackOffWithMaxRetries backOff = new ExponentialBackOffWithMaxRetries(4);";
            }
            if (why != null) {
                ctx.finding(Semantics.location(m, n.range(), null))
                        .message(why + ". A message or item that always fails is retried forever and blocks or floods "
                                + "the queue.")
                        .enclosing(enclosing).construct(n.text()).fix(Fix.of(fix, Templates.boundedRetrySetting("//",
                                n.text(), bounded, "a recoverer records the item as FAILED/DEAD or publishes it to "
                                        + "a dead-letter topic"))).report();
            }
        }
        for (CallSite c : calls) {
            String why = null;
            String fix = null;
            String bounded = null;
            if (c.name().equals("infiniteRetry") && c.argCount() == 0) {
                why = Semantics.display(c) + " retries every failure forever";
                fix = "Use maxAttempts(5) on the builder and recover to a FAILED/DEAD state.";
                bounded = ".maxAttempts(5)";
            } else if (Set.of("maxAttempts", "maxRetries", "setMaxAttempts", "withMaxRetries", "withMaxAttempts")
                    .contains(c.name()) && c.argCount() == 1 && Retries.isUnboundedValue(c.args().get(0).text())
                    && !c.args().get(0).text().equals("-1") || c.name().equals("withMaxRetries") && c.argCount() == 1
                    && c.args().get(0).text().equals("-1")) {
                why = Semantics.display(c) + " sets the retry limit to " + c.args().get(0).text() + ": no ceiling";
                fix = "Set a finite limit (" + c.name() + "(5)); the libraries' default is 3 attempts.";
                bounded = "." + c.name() + "(5)";
            }
            if (why != null) {
                Location loc = Semantics.location(m, c.range(), null);
                if (c.receiver().kind() == Receiver.Kind.CALL && loc.endLine() > loc.startLine()) {
                    // a builder chain: the setting is on the chain's last line
                    loc = new Location(loc.path(), loc.endLine(), 1, loc.endLine(), Math.max(2, loc.endColumn()), null);
                }
                ctx.finding(loc)
                        .message(why + ". A call that always fails is retried forever.")
                        .enclosing(enclosing).construct(c.text()).fix(Fix.of(fix, Templates.boundedRetrySetting("//",
                                c.text(), bounded, "recover to a FAILED/DEAD state (taskClaimer.fail(claim, e)) "
                                        + "or a dead-letter queue"))).report();
            }
        }
    }

    /** The table the attempt writes (for the bounded-retry template), or a placeholder. */
    private static String table(Semantics sem, MethodRef m, CallSite attempt) {
        return attempt == null ? "<task_table>" : table(sem.calls(m).get(attempt.id()));
    }

    private static String table(CallInfo ci) {
        for (io.idemcheck.core.sql.SqlStatement st : ci.statements()) {
            if (st.table() != null && !"?".equals(st.table())) {
                return st.table();
            }
        }
        return "<task_table>";
    }

    private static boolean springBackOff(MethodRef m) {
        String imp = m.file().imports().get("ExponentialBackOff");
        if (imp != null) {
            return imp.startsWith("org.springframework.util.backoff");
        }
        return m.file().wildcards().stream().anyMatch(w -> w.startsWith("org.springframework.util.backoff"));
    }

    private static boolean bounded(NewFact n, List<CallSite> calls) {
        if (n.assignedTo() == null) {
            return false;
        }
        for (CallSite c : calls) {
            if ((c.name().equals("setMaxElapsedTime") || c.name().equals("setMaxAttempts"))
                    && n.assignedTo().equals(c.receiver().name())) {
                String v = c.args().isEmpty() ? "" : c.args().get(0).text();
                return !v.contains("MAX_VALUE") && !v.contains("UNLIMITED");
            }
        }
        return false;
    }

    // ---- configuration files ----------------------------------------------------------------------------------------

    private static final Pattern RABBIT_MAX = Pattern.compile(
            "spring\\.rabbitmq\\.listener\\.(simple|direct)\\.retry\\.maxattempts");
    private static final Pattern RABBIT_REQUEUE = Pattern.compile(
            "spring\\.rabbitmq\\.listener\\.(simple|direct)\\.defaultrequeuerejected");
    private static final Pattern STREAM_MAX = Pattern.compile(
            "spring\\.cloud\\.stream\\.(bindings\\.[^.]+|default)\\.consumer\\.maxattempts");
    private static final Pattern STREAM_REQUEUE = Pattern.compile(
            "spring\\.cloud\\.stream\\.rabbit\\.(bindings\\.([^.]+)|default)\\.consumer\\.requeuerejected");
    private static final Pattern KAFKA_TOPIC_ATTEMPTS = Pattern.compile("spring\\.kafka\\.retry\\.topic\\.attempts");

    private void checkConfigFiles(RuleContext ctx, Project project) {
        List<ConfigFile> files = project.springConfig().files();
        if (files.isEmpty()) {
            return;
        }
        boolean dlqInCode = dlqInCode(project);
        for (ConfigFile f : files) {
            for (ConfigEntry e : f.entries()) {
                String k = e.canonicalKey();
                if (RABBIT_MAX.matcher(k).matches() && Retries.isUnboundedValue(value(e))) {
                    String prefix = k.substring(0, k.length() - "maxattempts".length());
                    if (!anyTrue(files, prefix + "enabled")) {
                        continue;
                    }
                    report(ctx, e, "`" + e.key() + ": " + value(e) + "` lets the listener container retry a failing "
                            + "message " + value(e) + " times, which is no ceiling.",
                            "Set max-attempts to a small number (3 to 5); after the last attempt Spring AMQP rejects "
                                    + "the message without requeue, so give the queue a dead-letter exchange.");
                } else if (RABBIT_REQUEUE.matcher(k).matches() && "true".equalsIgnoreCase(value(e))) {
                    String prefix = k.substring(0, k.length() - "defaultrequeuerejected".length());
                    if (anyTrue(files, prefix + "retry.enabled") || dlqInCode || dlqInConfig(files, null)) {
                        continue;
                    }
                    report(ctx, e, "`" + e.key() + ": true` with the container's retry off and no dead-letter exchange "
                            + "in sight: a listener that throws has its message put back on the queue and delivered "
                            + "again at once, forever.",
                            "Enable bounded retry (" + prefix.replace("spring.rabbitmq.listener.", "")
                                    + "retry.enabled: true, max-attempts: 3) or set default-requeue-rejected: false, "
                                    + "and declare the queue with x-dead-letter-exchange so rejected messages are "
                                    + "kept for inspection.");
                } else if (STREAM_MAX.matcher(k).matches() && Retries.isUnboundedValue(value(e))) {
                    report(ctx, e, "`" + e.key() + ": " + value(e) + "` makes the binder retry a failing message "
                            + value(e) + " times: no ceiling.",
                            "Set max-attempts to 3 to 5 and enable a dead-letter queue for the binding (auto-bind-dlq "
                                    + "for Rabbit, enable-dlq for Kafka).");
                } else if (STREAM_REQUEUE.matcher(k).matches() && "true".equalsIgnoreCase(value(e))) {
                    Matcher mm = STREAM_REQUEUE.matcher(k);
                    mm.matches();
                    String binding = mm.group(2);
                    if (dlqInConfig(files, binding) || dlqInCode) {
                        continue;
                    }
                    ConfigEntry attempts = binding == null ? null
                            : lastIn(files, "spring.cloud.stream.bindings." + binding + ".consumer.max-attempts");
                    String retries = attempts != null && value(attempts).equals("1")
                            ? " The binder's own retries are off (max-attempts: 1), so every failure goes straight back "
                            + "to the broker." : "";
                    report(ctx, e, "`" + e.key() + ": true` with no dead-letter queue for the binding (auto-bind-dlq is "
                            + "not true): when the listener throws, the rejected message is requeued and redelivered "
                            + "forever, with no counter and no dead-letter route." + retries,
                            "Set auto-bind-dlq: true (and requeue-rejected: false) for the binding, so a message "
                                    + "that keeps failing ends in <destination>.<group>.dlq after max-attempts.");
                } else if (KAFKA_TOPIC_ATTEMPTS.matcher(k).matches() && Retries.isUnboundedValue(value(e))) {
                    report(ctx, e, "`" + e.key() + ": " + value(e) + "` retries a failing record through retry topics "
                            + value(e) + " times: no ceiling.",
                            "Set attempts to 3 to 5; the last failure then goes to the .DLT topic.");
                }
            }
        }
    }

    /**
     * The value without a trailing {@code " # ..."} remark: a properties value keeps it verbatim, but no setting read
     * here has a value with a blank and '#' in it.
     */
    private static String value(ConfigEntry e) {
        String v = e.value();
        int i = v.indexOf(" #");
        return (i >= 0 ? v.substring(0, i) : v).strip();
    }

    private static void report(RuleContext ctx, ConfigEntry e, String what, String fix) {
        Location loc = new Location(e.path(), e.line(), e.column(), e.line(), e.column() + e.key().length(), null);
        ctx.finding(loc).message(what + " One message that always fails floods the queue forever.")
                .enclosing(e.path() + "#" + e.key()).construct(e.key()).fix(Fix.of(fix, Templates.retryConfig(e.path(),
                        e.key(), value(e)))).report();
    }

    private static boolean anyTrue(List<ConfigFile> files, String canonicalKey) {
        for (ConfigFile f : files) {
            ConfigEntry e = f.get(canonicalKey);
            if (e != null && "true".equalsIgnoreCase(value(e))) {
                return true;
            }
        }
        return false;
    }

    private static ConfigEntry lastIn(List<ConfigFile> files, String key) {
        ConfigEntry out = null;
        for (ConfigFile f : files) {
            ConfigEntry e = f.get(key);
            if (e != null) {
                out = e;
            }
        }
        return out;
    }

    /** A dead-letter setting in the configuration: for {@code binding}, or anywhere when it is null. */
    private static boolean dlqInConfig(List<ConfigFile> files, String binding) {
        for (ConfigFile f : files) {
            for (ConfigEntry e : f.entries()) {
                String k = e.canonicalKey();
                boolean dl = k.endsWith("autobinddlq") && "true".equalsIgnoreCase(value(e))
                        || k.endsWith("deadletterexchange") || k.endsWith("deadletterqueuename")
                        || k.endsWith("enabledlq") && "true".equalsIgnoreCase(value(e));
                if (dl && (binding == null || k.contains(".bindings." + binding.toLowerCase(Locale.ROOT) + ".")
                        || k.contains(".default."))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The Java code declares a dead-letter exchange or queue somewhere. */
    private static boolean dlqInCode(Project project) {
        for (MethodRef m : project.index().methods()) {
            for (CallSite c : m.method().body().calls()) {
                if (c.name().equals("deadLetterExchange") || c.name().equals("deadLetterRoutingKey")) {
                    return true;
                }
                for (Arg a : c.args()) {
                    if (a.text().contains("x-dead-letter")) {
                        return true;
                    }
                }
            }
        }
        return false;
    }
}
