package io.idemcheck.rules;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.GuardFact;
import io.idemcheck.core.facts.TryFact;
import io.idemcheck.core.finding.Fix;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.rule.MethodContext;
import io.idemcheck.core.summary.CallInfo;
import io.idemcheck.core.summary.Retries;
import io.idemcheck.core.summary.Semantics;

import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * IDEM006 detector: a message acknowledged on the success path only. The try block does the work and then acks the
 * message ({@code queue.ack(name, msgId)}); the catch block swallows the failure and neither acks, rejects nor
 * dead-letters it, and nothing in the method counts deliveries. The queue redelivers an unacknowledged message after
 * its unack timeout, so a message whose work always fails is redelivered and fails again forever: an implicit retry
 * with no ceiling.
 */
final class UnboundedRetryUnacked {

    private UnboundedRetryUnacked() {
    }

    /** A name beginning with a word of the catalog's {@code ackCallNames}. */
    private static final Pattern ACK_NAME = Catalog.builtin().terms(Vocabulary.ACK_CALL_NAMES)
            .regex("(?i)(%s)\\w*");
    /**
     * The catalog's {@code failurePathExitWords} (reject, dead-letter, park, ...), matched as whole camel-case words
     * ({@code parkMessage}, not {@code sparkJob}; {@code markFailed}, not {@code failover}).
     */
    private static final io.idemcheck.core.catalog.Terms EXIT_NAME =
            Catalog.builtin().terms(Vocabulary.FAILURE_PATH_EXIT_WORDS);
    /**
     * The catalog's {@code notGiveWords} (nack, reject, dlq, ...): a name one of whose camel-case words begins with
     * one settles the message; a word inside another word does not count (callback is no ack).
     */
    private static final io.idemcheck.core.catalog.Terms SETTLE_NAME =
            Catalog.builtin().terms(Vocabulary.NOT_GIVE_WORDS);
    /** A constant's name (upper case, digits and underscores). */
    private static final Pattern CONSTANT = Pattern.compile("\\b[A-Z][A-Z0-9_]*\\b");
    /** A comparison of magnitudes (a count compared with its bound). */
    private static final Pattern COMPARISON = Pattern.compile("<=?|>=?");
    static void checkAckOnSuccessOnly(MethodContext mc, Semantics sem, MethodRef m, Set<String> reported) {
        List<CallSite> calls = m.method().body().calls();
        if (m.method().body().tries().isEmpty() || countsDeliveries(m)) {
            return;
        }
        List<CallInfo> infos = sem.calls(m);
        for (TryFact t : m.method().body().tries()) {
            CallSite ack = null;
            boolean work = false;
            for (int i = t.firstCallId(); i < t.endCallId() && i < calls.size(); i++) {
                CallSite c = calls.get(i);
                if (ack == null && ACK_NAME.matcher(c.name()).matches() && c.receiver().name() != null
                        && c.catchDepth() == calls.get(t.firstCallId()).catchDepth()) {
                    ack = c;
                } else if (ack == null && (infos.get(i).isEffect() || infos.get(i).isRecord()
                        || sem.writesDatabase(m, c))) {
                    work = true;
                }
            }
            if (ack == null || !work || settledOutsideTheTry(calls, t, ack)) {
                continue;
            }
            for (TryFact.Catch cc : t.catches()) {
                if (cc.rethrows()
                        || cc.types().stream().noneMatch(sem.catalog().terms(Vocabulary.CATCH_ALL_EXCEPTION_TYPES)::has)
                        || settles(calls, cc.firstCallId(), cc.endCallId(), ack)) {
                    continue;
                }
                String key = m.file().relPath() + ":" + cc.range().line();
                if (!reported.add(key)) {
                    continue;
                }
                mc.finding(Semantics.location(m, cc.range(), null)).once(UnboundedRetry.unacked(key))
                        .message("The work in " + m.method().name() + "() acknowledges its message with "
                                + Semantics.display(ack) + " at line " + ack.range().line() + " only when it "
                                + "succeeds; the catch block at line " + cc.range().line() + " swallows the failure "
                                + "and neither acknowledges, rejects nor dead-letters the message, and no delivery "
                                + "count is read. The queue redelivers an unacknowledged message after its timeout, "
                                + "so a message whose work always fails is redelivered and fails again forever: an "
                                + "implicit retry with no ceiling.")
                        .enclosing(m.type().fqn() + "#" + m.method().signature())
                        .construct(ack.text() + "#ack-on-success")
                        .fix(Fix.of("Bound the redeliveries: count the failures of the message (a delivery count from "
                                + "the queue, or an attempts counter kept with it) and at a ceiling move it to a "
                                + "dead-letter queue or a FAILED record and ack it, with an alert.", String.join("\n",
                                "} catch (Exception e) {",
                                "    if (failures.increment(msgId) >= MAX_ATTEMPTS) {",
                                "        deadLetters.park(msgId, e);",
                                "        " + ack.text().replace("\n", " ") + ";",
                                "    }",
                                "}")))
                        .report();
            }
        }
    }

    /**
     * The method compares a delivery or attempt count in one of its conditions: a variable or accessor named for one
     * ({@code retryTimes >= MAX}, {@code getDeliveryCount() > 5}). A constant is not a count ({@code now - sentAt >
     * MESSAGE_RETRY_WINDOW} compares a time).
     */
    static boolean countsDeliveries(MethodRef m) {
        for (GuardFact g : m.method().body().guards()) {
            String text = CONSTANT.matcher(g.text()).replaceAll("");
            if (!COMPARISON.matcher(text).find()) {
                continue; // MapUtils.isEmpty(needToRetryMessages) tests a store, it counts nothing
            }
            if (g.names().stream().anyMatch(n -> !CONSTANT.matcher(n).matches() && Retries.RETRY_NAME.matcher(n).matches())
                    || Retries.RETRY_NAME.matcher(text).matches()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Calls [from, to) ack, reject, dead-letter or park the message: a call named to ack it or to move an item aside
     * (failurePathExitWords), or a call on the queue that acks on success named to settle it (nack, reject, ..); a
     * logger's {@code error(..)} settles nothing.
     */
    private static boolean settles(List<CallSite> calls, int from, int to, CallSite ack) {
        for (int i = from; i < to && i < calls.size(); i++) {
            CallSite c = calls.get(i);
            String n = c.name();
            boolean onQueue = ack.receiver().name().equals(c.receiver().name());
            if (ACK_NAME.matcher(n).matches() || EXIT_NAME.namesWordsOf(n)
                    || onQueue && SETTLE_NAME.beginsAWordOf(n)) {
                return true;
            }
        }
        return false;
    }

    /** The try statement acks outside its try block and catch blocks too: in a finally block, whatever happened. */
    private static boolean settledOutsideTheTry(List<CallSite> calls, TryFact t, CallSite ack) {
        for (CallSite c : calls) {
            boolean inTry = c.id() >= t.firstCallId() && c.id() < t.endCallId();
            boolean inCatch = t.catches().stream().anyMatch(cc -> c.id() >= cc.firstCallId() && c.id() < cc.endCallId());
            if (!inTry && !inCatch && TransactionalBatchLoop.contains(t.range(), c.range())
                    && ACK_NAME.matcher(c.name()).matches()) {
                return true;
            }
        }
        return false;
    }
}
