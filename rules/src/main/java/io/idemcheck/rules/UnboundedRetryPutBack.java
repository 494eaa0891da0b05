package io.idemcheck.rules;

import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.facts.Arg;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.GuardFact;
import io.idemcheck.core.facts.Receiver;
import io.idemcheck.core.finding.Fix;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.rule.MethodContext;
import io.idemcheck.core.rule.RuleTrace;
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
 * IDEM006 detector: a catch block or failure handler that puts the item back (status back to a retry state,
 * re-enqueue, nack with requeue) without reading and bounding a retry count.
 */
final class UnboundedRetryPutBack {

    private UnboundedRetryPutBack() {
    }

    private static final Pattern STATE_TOKEN = Pattern.compile("\\b([A-Z][A-Z_]{2,})\\b");
    /** A name beginning with a word of the catalog's {@code requeueCallNames}. */
    private static final Pattern REQUEUE_NAME = Catalog.builtin().terms(Vocabulary.REQUEUE_CALL_NAMES)
            .regex("(?i)(%s)\\w*");

    /** Reports put-backs of {@code m} without a bound; an enabled {@code trace} gets each put-back's conditions. */
    static void checkPutBack(MethodContext mc, Semantics sem, MethodRef m, Set<String> boundedTables, RuleTrace trace) {
        List<CallInfo> infos = sem.calls(m);
        List<CallSite> calls = m.method().body().calls();
        // a method named like a failure handler (recover, onError) that a scheduler runs is a periodic sweep, not a
        // handler of one failure: a stale-lease sweep named recover() is IDEM008's recovery, not a put-back
        boolean handler = m.method().annotation("Recover") != null
                || sem.catalog().terms(Vocabulary.FAILURE_HANDLER_NAMES).has(m.method().name())
                        && sem.entryPoint(m) == null;
        String methodBound = null; // guardBound(m), read on the first put-back (most methods have none)
        boolean boundRead = false;
        for (CallSite c : calls) {
            if (sem.inAsyncLambda(m, c)) {
                continue;
            }
            CallInfo ci = infos.get(c.id());
            String how = republishReceived(m, c, calls);
            if (how == null && c.catchDepth() == 0 && !handler) {
                continue;
            }
            if (how == null) {
                how = putBack(sem.catalog(), m, c, ci, calls);
            }
            if (how == null) {
                continue;
            }
            if (!boundRead) {
                methodBound = guardBound(m);
                boundRead = true;
            }
            String bound = methodBound;
            if (bound == null) {
                bound = sqlBound(ci, boundedTables);
            }
            if (bound != null && (methodBound == null || deadLetterPath(m, infos) != null)) {
                trace.missing(c.range().line(), Semantics.display(c), "an unbounded put-back: it " + how
                        + ", but `" + bound.replace('\n', ' ') + "` bounds the retries"
                        + (methodBound == null ? "" : " and a dead-letter path takes the item at the bound"));
                continue;
            }
            trace.held(c.range().line(), Semantics.display(c), "it " + how + ", with "
                    + (bound == null ? "no retry count read and bounded first" : "`" + bound.replace('\n', ' ')
                    + "` bounding it, but no dead-letter path at the bound"));
            String where = c.catchDepth() > 0 ? "in a catch block" : handler ? "in the failure handler "
                    + m.method().name() + "()" : "when handling it failed";
            if (bound != null) {
                // the count is read and bounded, but reaching the bound leads nowhere: no DEAD/FAILED state, no
                // dead-letter queue, no alert
                mc.finding(Semantics.location(m, c.range(), null)).message(Semantics.display(c) + " at line "
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
            mc.finding(Semantics.location(m, c.range(), null)).message(msg)
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
    private static String putBack(Catalog cat, MethodRef m, CallSite c, CallInfo ci, List<CallSite> calls) {
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
                if (cat.terms(Vocabulary.RETRY_STATES).has(v)) {
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
        String source = takenFrom(c, calls);
        if (source != null) {
            return "puts the item it took from `" + source + "` back into `" + source + "`";
        }
        return null;
    }

    /** A name beginning with a word of the catalog's {@code takeCallNames}. */
    private static final Pattern TAKE_NAME = Catalog.builtin().terms(Vocabulary.TAKE_CALL_NAMES)
            .regex("(?i)(%s)\\w*");
    /** A name beginning with a word of the catalog's {@code giveCallNames}. */
    private static final Pattern GIVE_NAME = Catalog.builtin().terms(Vocabulary.GIVE_CALL_NAMES)
            .regex("(?i)(%s)\\w*");
    /**
     * The catalog's {@code notGiveWords}: a name one of whose camel-case words begins with one (sendToDlq,
     * rejectMessage) parks or rejects; a word inside another word does not count (putBack is no ack).
     */
    private static final io.idemcheck.core.catalog.Terms NOT_GIVE = Catalog.builtin().terms(Vocabulary.NOT_GIVE_WORDS);

    /**
     * The receiver {@code c} hands the item back to when that receiver is where the item came from
     * ({@code item = queue.take(); try { .. } catch (..) { queue.dispatchWithDelay(item, ..); }}), or null.
     */
    private static String takenFrom(CallSite c, List<CallSite> calls) {
        return takeOf(c, calls) == null ? null : c.receiver().text();
    }

    /**
     * The take call ({@code item = queue.take()}) whose item give call {@code c} hands back to the same receiver
     * ({@code queue.dispatchWithDelay(item, ..)}), or null when {@code c} is no such give.
     */
    private static CallSite takeOf(CallSite c, List<CallSite> calls) {
        String recv = receiverName(c);
        if (recv == null || !GIVE_NAME.matcher(c.name()).matches() || NOT_GIVE.beginsAWordOf(c.name())) {
            return null;
        }
        for (CallSite s : calls) {
            if (s.id() >= c.id() || s.catchDepth() > 0 || s.assignedTo() == null || !recv.equals(receiverName(s))
                    || !TAKE_NAME.matcher(s.name()).matches()) {
                continue;
            }
            String item = s.assignedTo();
            if (c.args().stream().anyMatch(a -> a.names().contains(item))) {
                return s;
            }
        }
        return null;
    }

    /**
     * The call in a catch block around {@code c} that hands the item {@code c} works on back to the queue it was
     * taken from ({@code item = queue.take(); try { send(item); } catch (..) { queue.putBack(item); }}): the queue
     * gives the item out again, so {@code c} is retried. {@code c} must pass the item (or a local derived from it, as
     * {@code roots} tells). Null otherwise.
     */
    static CallSite putBackAround(MethodRef m, CallSite c, java.util.function.Function<Set<String>, Set<String>> roots) {
        List<CallSite> calls = m.method().body().calls();
        for (io.idemcheck.core.facts.TryFact t : m.method().body().tries()) {
            if (c.id() < t.firstCallId() || c.id() >= t.endCallId()) {
                continue;
            }
            for (io.idemcheck.core.facts.TryFact.Catch k : t.catches()) {
                for (int i = k.firstCallId(); i < k.endCallId() && i < calls.size(); i++) {
                    CallSite g = calls.get(i);
                    CallSite take = takeOf(g, calls);
                    if (take == null) {
                        continue;
                    }
                    Set<String> used = new LinkedHashSet<>();
                    c.args().forEach(a -> used.addAll(a.names()));
                    if (c.receiver().kind() == Receiver.Kind.NAME) {
                        used.add(c.receiver().name());
                    }
                    if (roots.apply(used).contains(take.assignedTo())) {
                        return g;
                    }
                }
            }
        }
        return null;
    }

    private static String receiverName(CallSite c) {
        return c.receiver().kind() == Receiver.Kind.NAME || c.receiver().kind() == Receiver.Kind.FIELD
                ? c.receiver().name() : null;
    }

    /** A name beginning with a word of the catalog's {@code ackCallNames}. */
    private static final Pattern ACK_NAME = Catalog.builtin().terms(Vocabulary.ACK_CALL_NAMES)
            .regex("(?i)(%s)\\w*");
    /** A name beginning with a word of the catalog's {@code publishCallNames}. */
    private static final Pattern PUBLISH_NAME = Catalog.builtin().terms(Vocabulary.PUBLISH_CALL_NAMES)
            .regex("(?i)(%s)\\w*");

    /**
     * How {@code c} re-publishes the message the method received to the queue it came from, or null: the method is
     * given a queue and a message, acks the message on that queue (so it is the source) and, on another path,
     * publishes the same message to the same queue ({@code queue.ack(msg)} on success, {@code queue.publish(msg)}
     * otherwise). That is a put-back, wherever it is written (a finally block, an else branch).
     */
    private static String republishReceived(MethodRef m, CallSite c, List<CallSite> calls) {
        if (c.receiver().kind() != Receiver.Kind.NAME || !PUBLISH_NAME.matcher(c.name()).matches()) {
            return null;
        }
        Set<String> params = new LinkedHashSet<>();
        m.method().params().forEach(p -> params.add(p.name()));
        String queue = c.receiver().name();
        if (!params.contains(queue)) {
            return null;
        }
        Set<String> sent = new LinkedHashSet<>();
        c.args().forEach(a -> a.names().stream().filter(params::contains).forEach(sent::add));
        sent.remove(queue);
        if (sent.isEmpty()) {
            return null;
        }
        for (CallSite a : calls) {
            if (a != c && a.receiver().kind() == Receiver.Kind.NAME && queue.equals(a.receiver().name())
                    && ACK_NAME.matcher(a.name()).matches()
                    && a.args().stream().anyMatch(x -> x.names().stream().anyMatch(sent::contains))) {
                return "publishes the message it received from `" + queue + "` (and acks there on success) back "
                        + "to `" + queue + "`";
            }
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

    /** A whole value of the catalog's {@code deadLetterStates}. */
    private static final Pattern DEAD_STATE = Catalog.builtin().terms(Vocabulary.DEAD_LETTER_STATES)
            .regex("(?i)(%s)");
    /** The catalog's {@code deadLetterCallWords}, matched as whole camel-case words (not park in spark). */
    private static final io.idemcheck.core.catalog.Terms DEAD_LETTER_CALL =
            Catalog.builtin().terms(Vocabulary.DEAD_LETTER_CALL_WORDS);

    /**
     * Where the method moves an item once its retries are spent, or null: a status write or argument naming a dead
     * state (DEAD, FAILED, ...), a dead-letter queue or topic, an alert, the runtime's TaskClaimer.fail.
     */
    private static String deadLetterPath(MethodRef m, List<CallInfo> infos) {
        for (CallSite c : m.method().body().calls()) {
            if (DEAD_LETTER_CALL.namesWordsOf(c.name())) {
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

    private static final Pattern COMPARISON =
            Pattern.compile("(?s).*(<|>|==|!=|equals|compareTo|isRedelivered|getRedelivered).*");
    /** A text holding a call of the catalog's {@code redeliveredFlagCalls}. */
    private static final Pattern REDELIVERED = Catalog.builtin().terms(Vocabulary.REDELIVERED_FLAG_CALLS)
            .regex("(?s).*(%s).*");

    /** A condition in the method that reads a retry count and compares it, or null. */
    private static String guardBound(MethodRef m) {
        for (GuardFact g : m.method().body().guards()) {
            if (Retries.RETRY_NAME.matcher(g.text()).matches() && COMPARISON.matcher(g.text()).matches()) {
                return g.text();
            }
            if (REDELIVERED.matcher(g.text()).matches()) {
                return g.text();
            }
        }
        return null;
    }

    /** The put-back's own SQL bounds the count, or the table's rows are selected with a bound on a retry column. */
    private static String sqlBound(CallInfo ci, Set<String> boundedTables) {
        for (SqlStatement st : ci.statements()) {
            for (SqlFacts f : st.shapes()) {
                if (f.whereColumns().stream().anyMatch(UnboundedRetrySelected::counterColumn)) {
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
    /** A column holding a word of the catalog's {@code retryColumnWords} (group 1), compared with a bound. */
    private static final Pattern RETRY_COMPARE = Catalog.builtin().terms(Vocabulary.RETRY_COLUMN_WORDS)
            .regex("(?i)\\b(\\w*(?:%s)\\w*)\\s*(<|<=|>|>=|!=)");
    /** A column holding a point in time (the catalog's {@code staleTimeColumns}): next_retry_at is no counter. */
    private static final Pattern TIME_COLUMN = Catalog.builtin().terms(Vocabulary.STALE_TIME_COLUMNS)
            .regex("(?i)(%s)");

    /** The WHERE text compares a retry column that is no time column with a bound (not next_retry_at < now()). */
    private static boolean comparesACounter(String where) {
        Matcher c = RETRY_COMPARE.matcher(where);
        while (c.find()) {
            if (!TIME_COLUMN.matcher(c.group(1)).matches()) {
                return true;
            }
        }
        return false;
    }

    /** Tables some statement reads or writes with a retry-count column in its WHERE clause. */
    static Set<String> boundedTables(Semantics sem) {
        Set<String> out = new LinkedHashSet<>();
        for (SqlStatement st : sem.sqlModel().statements()) {
            for (SqlFacts f : st.shapes()) {
                if (f.table() != null && f.whereColumns().stream().anyMatch(UnboundedRetrySelected::counterColumn)) {
                    out.add(f.table());
                }
                // the model keeps no table or columns for a SELECT: read its text
                if (f.kind() == SqlFacts.Kind.SELECT && f.text() != null) {
                    Matcher from = SELECT_FROM.matcher(f.text());
                    int where = f.text().toUpperCase(Locale.ROOT).indexOf("WHERE");
                    if (from.find() && where > 0 && comparesACounter(f.text().substring(where))) {
                        out.add(from.group(1).toLowerCase(Locale.ROOT));
                    }
                }
            }
        }
        return out;
    }

    /** The table the attempt writes (for the bounded-retry template), or a placeholder. */
    static String table(Semantics sem, MethodRef m, CallSite attempt) {
        return attempt == null ? "<task_table>" : table(sem.calls(m).get(attempt.id()));
    }

    static String table(CallInfo ci) {
        for (io.idemcheck.core.sql.SqlStatement st : ci.statements()) {
            if (st.table() != null && !"?".equals(st.table())) {
                return st.table();
            }
        }
        return "<task_table>";
    }
}
