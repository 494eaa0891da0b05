package io.idemcheck.rules;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.facts.Arg;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.EffectKind;
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

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * IDEM006 re-sends of what is kept until acknowledged, when the store is not in memory: the rows a SELECT takes as not
 * yet acknowledged (a sweep re-publishing unconfirmed messages or outbox rows) and the files of a spool directory (a
 * sweep re-sending each file and deleting it only when the send succeeds). With no attempt count and no age limit, an
 * entry whose receiver never acknowledges it, or whose send always fails, is re-sent on every pass, forever.
 */
final class UnboundedRetryStores {

    private UnboundedRetryStores() {
    }

    /** A name or value holding a word of the catalog's {@code awaitingAckWords} (UNCONFIRMED, findByAckedFalse). */
    private static final Pattern AWAITING_WORD = Catalog.builtin().terms(Vocabulary.AWAITING_ACK_WORDS)
            .regex("(?i)\\w*(%s)\\w*");
    /**
     * A column of the catalog's {@code ackColumns} compared so that only rows not acknowledged pass: equal to 0,
     * false, 'N' or NULL, or not equal to 1.
     */
    private static final Pattern AWAITING_PREDICATE = Catalog.builtin().terms(Vocabulary.ACK_COLUMNS).regex(
            "(?i)(?<![\\w.])(?:\\w+\\.)?[`\"]?(?:%s)[`\"]?\\s*(?:=\\s*(?:0|false|'0'|'N'|'F'|b'0')(?![\\w'])"
                    + "|IS\\s+NULL\\b|(?:<>|!=)\\s*(?:1|true|'1'|'Y')(?![\\w']))");
    private static final Pattern QUOTED = Pattern.compile("'([^']*)'");
    private static final Pattern WHERE = Pattern.compile("(?is)\\bWHERE\\b(.*)");
    /** A name beginning with a word of the catalog's {@code storeRemoveCallNames} (delete, move, rename, ..). */
    private static final Pattern REMOVE_NAME = Catalog.builtin().terms(Vocabulary.STORE_REMOVE_CALL_NAMES)
            .regex("(?i)(%s)\\w*");

    // ---- rows not yet acknowledged ----------------------------------------------------------------------------------

    /**
     * Reports {@code send} when the rows {@code loop} walks were selected as not yet acknowledged, nothing in the loop
     * records a state, claims the row or counts the attempt, and neither the selection nor a condition in the loop
     * bounds the re-sends by an attempt count or an age. True when it reported.
     */
    static boolean rowsAwaitingAck(MethodContext mc, Semantics sem, MethodRef m, LoopFact loop, CallSite send,
                                   Set<String> reported) {
        List<CallInfo> infos = sem.calls(m);
        CallSite source = null;
        String where = null;
        for (CallSite x : sources(sem, m, loop)) {
            String w = selectWhere(infos.get(x.id()));
            if (awaitingAck(x, w)) {
                source = x;
                where = w;
                break;
            }
        }
        if (source == null || UnboundedRetrySelected.bounded(source.name(), where)
                || UnboundedRetrySelected.guardedInLoop(m, loop) || movesOrCounts(sem, m, loop)) {
            return false;
        }
        String key = m.file().relPath() + ":" + send.range().line();
        if (!reported.add(key)) {
            return true;
        }
        String selected = Semantics.display(source) + (where == null ? "" : " (`WHERE " + Retries.oneLine(where.strip())
                + "`)");
        mc.finding(Semantics.location(m, send.range(), null)).once(UnboundedRetry.unacked(key))
                .message(m.method().name() + "() runs unattended over the rows " + selected + " selects at line "
                        + source.range().line() + " as not confirmed or acknowledged yet, and sends each again ("
                        + Semantics.display(send) + " at line " + send.range().line() + "). A row leaves that "
                        + "selection only when its acknowledgement arrives; nothing counts the re-sends and the "
                        + "selection has no attempt ceiling or age limit. A message the receiver never acknowledges (it "
                        + "rejects it, or the route does not exist) is re-sent on every run, forever.")
                .enclosing(m.type().fqn() + "#" + m.method().signature())
                .construct(send.text() + "#resend-unacked-rows")
                .fix(Fix.of("Count the re-sends on the row and stop at a ceiling: select only rows below a maximum "
                        + "(try_count < 3), increment the count with each re-send, and move rows at the ceiling to a "
                        + "FAILED state and alert; or re-send only rows younger than an age limit.", String.join("\n",
                        "SELECT .. WHERE confirm_status = 0 AND try_count < 3      -- the ceiling",
                        "UPDATE .. SET try_count = try_count + 1 WHERE id = ?    -- before each re-send",
                        "UPDATE .. SET confirm_status = 2 WHERE confirm_status = 0 AND try_count >= 3   -- FAILED: "
                                + "alert")))
                .report();
        return true;
    }

    /** The select's WHERE text, or null when no SELECT of it is visible. */
    private static String selectWhere(CallInfo ci) {
        for (SqlStatement st : ci.statements()) {
            for (SqlFacts f : st.shapes()) {
                if (f.kind() == SqlFacts.Kind.SELECT && f.text() != null) {
                    Matcher wm = WHERE.matcher(f.text());
                    return wm.find() ? wm.group(1) : "";
                }
            }
        }
        return null;
    }

    /**
     * The selection takes rows waiting for their acknowledgement: its WHERE compares an ack column so that only rows
     * not acknowledged pass, or names an awaiting-ack value; or its name or a constant argument names one
     * (findByAckedFalse, findByStatus(UNCONFIRMED)).
     */
    private static boolean awaitingAck(CallSite x, String where) {
        if (where != null) {
            if (AWAITING_PREDICATE.matcher(where).find()) {
                return true;
            }
            Matcher q = QUOTED.matcher(where);
            while (q.find()) {
                if (AWAITING_WORD.matcher(q.group(1)).matches()) {
                    return true;
                }
            }
        }
        // the name too: SQL derived from a query method's name keeps parameters where the name spells the value
        if (AWAITING_WORD.matcher(x.name()).matches()) {
            return true;
        }
        for (Arg a : x.args()) {
            if (a.text().matches("[\\w.]+") && AWAITING_WORD.matcher(a.text().replaceAll(".*\\.", "")).matches()) {
                return true;
            }
        }
        return false;
    }

    /**
     * A call in the loop records a state, claims the row, or counts attempts (by its name or by a retry column its
     * SQL sets): the row leaves the selection or its re-sends are counted.
     */
    private static boolean movesOrCounts(Semantics sem, MethodRef m, LoopFact loop) {
        List<CallInfo> infos = sem.calls(m);
        for (CallSite c : m.method().body().calls()) {
            if (!c.loopIds().contains(loop.id())) {
                continue;
            }
            CallInfo ci = infos.get(c.id());
            if (ci.isRecord() || ci.claim() || Retries.RETRY_NAME.matcher(c.name()).matches()) {
                return true;
            }
            for (SqlStatement st : ci.statements()) {
                for (SqlFacts f : st.shapes()) {
                    if (f.setColumns().stream().anyMatch(col -> Retries.RETRY_NAME.matcher(col).matches())) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    // ---- files of a spool directory ---------------------------------------------------------------------------------

    /** A call listing a directory: a name of the catalog's {@code directoryListCalls}, or Type.method on that type. */
    private static final Pattern DIRECTORY_LIST = directoryList();

    private static Pattern directoryList() {
        List<String> alts = new ArrayList<>();
        for (String v : Catalog.builtin().terms(Vocabulary.DIRECTORY_LIST_CALLS).values()) {
            int dot = v.indexOf('.');
            alts.add(dot < 0 ? "\\.\\s*" + Pattern.quote(v) + "\\s*\\("
                    : "\\b" + Pattern.quote(v.substring(0, dot)) + "\\s*\\.\\s*" + Pattern.quote(v.substring(dot + 1))
                    + "\\s*\\(");
        }
        return Pattern.compile("(?s).*(" + String.join("|", alts) + ").*");
    }

    /**
     * Reports {@code send} when {@code loop} walks the files of a directory, {@code send} is an effect sending what
     * derives from the file, the file is deleted or moved only inside the try block that sends it (after the send),
     * and the catch neither rethrows, moves the file aside nor counts; unless a condition in the loop bounds the
     * re-sends by an attempt count or an age. True when it reported.
     */
    static boolean spoolFiles(MethodContext mc, Semantics sem, MethodRef m, LoopFact loop, CallSite send,
                              Set<String> reported) {
        CallInfo si = sem.calls(m).get(send.id());
        if (!si.isEffect() || si.effectKind() == EffectKind.FILE || si.effectKind() == EffectKind.DB_INSERT
                || si.effectKind() == EffectKind.DB_INCREMENT || !listsDirectory(sem, m, loop)
                || UnboundedRetrySelected.guardedInLoop(m, loop)) {
            return false;
        }
        List<CallSite> calls = m.method().body().calls();
        TryFact t = null;
        for (TryFact x : m.method().body().tries()) {
            if (send.id() >= x.firstCallId() && send.id() < x.endCallId() && !x.catches().isEmpty()
                    && (t == null || x.firstCallId() >= t.firstCallId())) {
                t = x;
            }
        }
        if (t == null) {
            return false;
        }
        CallSite drop = null;
        for (CallSite c : calls) {
            if (!c.loopIds().contains(loop.id()) || !REMOVE_NAME.matcher(c.name()).matches() || !ofFile(sem, m, c, loop)) {
                continue;
            }
            boolean inTry = c.id() > send.id() && c.id() < t.endCallId() && c.catchDepth() == send.catchDepth();
            if (!inTry) {
                return false; // dropped on the failure path too (a catch, a finally, after the try): no retry
            }
            drop = drop == null ? c : drop;
        }
        if (drop == null) {
            return false;
        }
        for (TryFact.Catch cc : t.catches()) {
            if (cc.rethrows()) {
                return false;
            }
            for (int i = cc.firstCallId(); i < cc.endCallId() && i < calls.size(); i++) {
                String n = calls.get(i).name();
                if (Retries.RETRY_NAME.matcher(n).matches() || UnboundedRetryImplicit.DEAD_LETTER_CALL.namesWordsOf(n)) {
                    return false;
                }
            }
        }
        String key = m.file().relPath() + ":" + send.range().line();
        if (!reported.add(key)) {
            return true;
        }
        mc.finding(Semantics.location(m, send.range(), null)).once(UnboundedRetry.unacked(key))
                .message(m.method().name() + "() runs unattended over the files of a directory and sends each ("
                        + Semantics.display(send) + " at line " + send.range().line() + "), then removes the file ("
                        + Semantics.display(drop) + " at line " + drop.range().line() + ") only when the send "
                        + "succeeded: on failure the catch block at line " + t.catches().get(0).range().line()
                        + " leaves it in the directory, and nothing counts the attempts or ages the file out. A file "
                        + "whose send always fails (a payload the receiver rejects) is re-sent on every run, forever.")
                .enclosing(m.type().fqn() + "#" + m.method().signature())
                .construct(send.text() + "#resend-spool")
                .fix(Fix.of("Count the attempts of each file (a counter in its name or a side file) or check its age, "
                        + "and at a ceiling move it to a failed/ directory and alert instead of leaving it in the "
                        + "spool.", String.join("\n",
                        "if (attempts(file) >= MAX_ATTEMPTS || age(file).compareTo(MAX_AGE) > 0) {",
                        "    Files.move(file, failedDir.resolve(file.getFileName()));   // out of the spool, visible",
                        "    alerts.deadLetter(file);",
                        "    continue;",
                        "}")))
                .report();
        return true;
    }

    /** The loop walks what a directory-listing call returned (the call in the loop's header or the local it fed). */
    private static boolean listsDirectory(Semantics sem, MethodRef m, LoopFact loop) {
        if (DIRECTORY_LIST.matcher(loop.iterable()).matches()) {
            return true;
        }
        for (CallSite x : sources(sem, m, loop)) {
            if (DIRECTORY_LIST.matcher(x.text()).matches()) {
                return true;
            }
        }
        return false;
    }

    /** The call's receiver or an argument derives from the loop's variable (the file the loop is at). */
    private static boolean ofFile(Semantics sem, MethodRef m, CallSite c, LoopFact loop) {
        Set<String> names = new HashSet<>();
        if (c.receiver().name() != null) {
            names.add(c.receiver().name());
        }
        for (Arg a : c.args()) {
            names.addAll(a.names());
        }
        Set<String> roots = sem.roots(m, names);
        return loop.vars().stream().anyMatch(roots::contains);
    }

    // ---- shared -----------------------------------------------------------------------------------------------------

    /** The calls outside {@code loop} (or on its header line) whose result the loop walks. */
    private static List<CallSite> sources(Semantics sem, MethodRef m, LoopFact loop) {
        List<CallSite> out = new ArrayList<>();
        Set<String> names = sem.roots(m, loop.names());
        for (CallSite x : m.method().body().calls()) {
            if (x.loopIds().contains(loop.id()) && x.range().line() != loop.range().line()) {
                continue;
            }
            if (loop.iterable().contains(x.text()) || x.assignedTo() != null && names.contains(x.assignedTo())) {
                out.add(x);
            }
        }
        return out;
    }
}
