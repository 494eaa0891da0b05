package io.idemcheck.rules;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.facts.Arg;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.LoopFact;
import io.idemcheck.core.finding.Fix;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.index.ResolvedType;
import io.idemcheck.core.rule.MethodContext;
import io.idemcheck.core.summary.CallInfo;
import io.idemcheck.core.summary.Semantics;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * IDEM006 detector: a periodic re-send of what is kept until acknowledged, with no attempt count or age limit. Three
 * stores: an in-memory map or list held in a field (the messages waiting for an ack), the rows a SELECT takes as not
 * yet acknowledged ({@code confirm_status = 0}, an UNCONFIRMED outbox row), and the files of a spool directory,
 * deleted only when their send succeeds. Unattended code (a job entry point, a daemon thread loop) walks the store and
 * sends each entry again; an entry leaves it only when its ack arrives or its send succeeds, so one whose receiver
 * never acks it, or whose send always fails, is re-sent on every pass, forever.
 */
final class UnboundedRetryResend {

    private UnboundedRetryResend() {
    }

    /** A name beginning with a word of the catalog's {@code publishCallNames} (send, publish, ...). */
    private static final Pattern SEND_NAME = Catalog.builtin().terms(Vocabulary.PUBLISH_CALL_NAMES)
            .regex("(?i)(%s)\\w*");
    /** A name beginning with a word of the catalog's {@code storeRemoveCallNames}. */
    private static final Pattern REMOVE_NAME = Catalog.builtin().terms(Vocabulary.STORE_REMOVE_CALL_NAMES)
            .regex("(?i)(%s)\\w*");
    /** A name beginning with a word of the catalog's {@code takeCallNames}. */
    private static final Pattern TAKE_NAME = Catalog.builtin().terms(Vocabulary.TAKE_CALL_NAMES)
            .regex("(?i)(%s)\\w*");

    static void checkResendLoop(MethodContext mc, Semantics sem, MethodRef m, Set<String> reported) {
        if (m.method().body().loops().isEmpty() || !sem.reachableFromEntryPoints().contains(m.method())
                || UnboundedRetryUnacked.countsDeliveries(m) || UnboundedRetryImplicit.requestHandler(m)) {
            return;
        }
        List<CallSite> calls = m.method().body().calls();
        List<CallInfo> infos = sem.calls(m);
        for (CallSite send : calls) {
            if (send.loopIds().isEmpty() || send.catchDepth() > 0 || !SEND_NAME.matcher(send.name()).matches()
                    && !infos.get(send.id()).isEffect() || send.args().isEmpty()
                    || !sender(infos.get(send.id()), send)) {
                continue;
            }
            LoopFact inner = m.method().body().loops().get(send.loopIds().get(send.loopIds().size() - 1));
            Set<String> argNames = new HashSet<>();
            for (Arg a : send.args()) {
                argNames.addAll(a.names());
            }
            if (!derivesFromLoop(sem, m, argNames, inner)) {
                continue; // it sends something else than the entry (a summary, a heartbeat)
            }
            if (UnboundedRetryStores.rowsAwaitingAck(mc, sem, m, inner, send, reported)
                    || UnboundedRetryStores.spoolFiles(mc, sem, m, inner, send, reported)
                    || !SEND_NAME.matcher(send.name()).matches()) {
                continue;
            }
            String store = fieldStore(sem, m, argNames);
            if (store == null || !walks(sem, m, send, store) || dropsAfter(sem, m, calls, send, store)) {
                continue;
            }
            String key = m.file().relPath() + ":" + send.range().line();
            if (!reported.add(key)) {
                continue;
            }
            mc.finding(Semantics.location(m, send.range(), null)).once(UnboundedRetry.unacked(key))
                    .message(m.method().name() + "() runs unattended and sends every entry of `" + store + "` again ("
                            + Semantics.display(send) + " at line " + send.range().line() + "), but never drops an "
                            + "entry after sending it and reads no attempt count: an entry leaves `" + store + "` only "
                            + "when its acknowledgement arrives. An entry whose receiver never acknowledges it (it "
                            + "rejects it, or no longer knows it) is re-sent on every pass, forever.")
                    .enclosing(m.type().fqn() + "#" + m.method().signature())
                    .construct(send.text() + "#resend")
                    .fix(Fix.of("Count the re-sends of each entry (or keep its first send time) and at a ceiling drop "
                            + "it from the store, record it as failed and alert, instead of re-sending it forever.",
                            String.join("\n",
                                    "if (entry.incrementAttempts() > MAX_RESENDS || now - entry.firstSentAt() > MAX_AGE) {",
                                    "    iterator.remove();            // give up: out of the store, visible",
                                    "    deadLetters.record(entry);",
                                    "    continue;",
                                    "}",
                                    send.text().replace("\n", " ") + ";")))
                    .report();
        }
    }

    /** A JDK collection or map type (the store is held in memory, not a mapper or a DAO that selects rows). */
    private static final Pattern IN_MEMORY_STORE = Pattern.compile("\\w*(Map|List|Set|Queue|Deque|Collection)");

    /**
     * The call sends out: an effect, or a call on a project type (a sender or client of the project), or on a type
     * the index cannot resolve (a sender looked up in a map) unless it is a JDK collection's own store method. A
     * library builder's {@code addStatement} is not a send.
     */
    private static boolean sender(CallInfo ci, CallSite c) {
        ResolvedType rt = ci.target().receiverType();
        return ci.isEffect() || rt.isProject()
                || rt.kind() == ResolvedType.Kind.UNKNOWN && !Catalog.builtin().terms(Vocabulary.COLLECTION_STORE_METHODS).has(c.name());
    }

    /** What the call sends derives from the variable of the loop around it (the entry the loop is at). */
    private static boolean derivesFromLoop(Semantics sem, MethodRef m, Set<String> names, LoopFact loop) {
        Set<String> roots = sem.roots(m, names);
        return loop.vars().stream().anyMatch(roots::contains) || roots.stream().anyMatch(r -> loop.vars().contains(r));
    }

    /**
     * The field whose entries the sent value comes from, through locals and the loops that walk it
     * ({@code needToRetryMessages} for {@code for (msg : entry.getValue())} inside a loop over
     * {@code needToRetryMessages.entrySet()}), or null when it comes from a parameter or a local only.
     */
    private static String fieldStore(Semantics sem, MethodRef m, Set<String> names) {
        Set<String> locals = m.method().body().locals().keySet();
        Set<String> params = new HashSet<>();
        m.method().params().forEach(p -> params.add(p.name()));
        for (String r : TransactionalBatchLoop.derivedFrom(sem, m, names)) {
            if (!locals.contains(r) && !params.contains(r) && sem.index().variableType(m, r, true)
                    .filter(t -> IN_MEMORY_STORE.matcher(t.simpleName()).matches()).isPresent()) {
                return r;
            }
        }
        return null;
    }

    /**
     * A loop around the send walks the store: what it iterates reads the store, directly or through locals
     * ({@code it = unacked.entrySet().iterator(); while (it.hasNext())}, {@code for (msg : entry.getValue())} inside
     * a loop over {@code needToRetry.entrySet()}). A store only consulted in the loop ({@code evaluators.get(type)}
     * while walking a list a service returned) sends nothing again.
     */
    private static boolean walks(Semantics sem, MethodRef m, CallSite send, String store) {
        for (int id : send.loopIds()) {
            Set<String> names = m.method().body().loops().get(id).names();
            if (names.contains(store) || TransactionalBatchLoop.derivedFrom(sem, m, names).contains(store)) {
                return true;
            }
        }
        return false;
    }

    /**
     * After the send, inside the loops around it, a call drops an entry of the store (remove, delete, poll, ...) on
     * the store itself or on what walks it (its iterator).
     */
    private static boolean dropsAfter(Semantics sem, MethodRef m, List<CallSite> calls, CallSite send, String store) {
        int outer = send.loopIds().get(0);
        for (CallSite c : calls) {
            if (c.id() <= send.id() || !c.loopIds().contains(outer) || c.receiver().name() == null
                    || !REMOVE_NAME.matcher(c.name()).matches() && !TAKE_NAME.matcher(c.name()).matches()) {
                continue;
            }
            if (c.receiver().name().equals(store)
                    || TransactionalBatchLoop.derivedFrom(sem, m, Set.of(c.receiver().name())).contains(store)) {
                return true;
            }
        }
        return false;
    }
}
