package io.idemcheck.rules;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.catalog.Vocabulary;

import io.idemcheck.core.facts.Body;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.GuardFact;
import io.idemcheck.core.facts.LocalVar;
import io.idemcheck.core.facts.Receiver;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.summary.CallInfo;
import io.idemcheck.core.summary.Locks;
import io.idemcheck.core.summary.Semantics;
import io.idemcheck.core.summary.StatusRows;
import io.idemcheck.core.util.Brackets;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a lock is keyed by: a key that varies with the work item ({@code redisson.getLock("order:" + id)}) makes the
 * lock one holder per item, a fixed name (a ShedLock name, a constant, a string literal) one holder per job. Read from
 * the text of the lock call's arguments or of the lock object's initialiser.
 */
final class LockKeys {

    private static final Pattern CONSTANT_WORD = Pattern.compile("\\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\\b|\\b[A-Z]{3,}\\b");
    private static final Pattern STRING = Pattern.compile("\"(?:\\\\.|[^\"\\\\])*\"");

    private LockKeys() {
    }

    /**
     * The key a lock is taken on when it varies with the item ({@code "order:" + id}), or null for a lock with a
     * fixed name (a ShedLock name, a constant, a string literal): one holder per job, not per item.
     */
    static String itemKey(Catalog catalog, MethodRef m, Locks.Lock lock) {
        CallSite c = lock.call();
        if (c == null) {
            return null;
        }
        String text = null;
        Receiver r = c.receiver();
        if ((r.kind() == Receiver.Kind.NAME || r.kind() == Receiver.Kind.FIELD) && c.args().size() <= 3) {
            LocalVar lv = m.method().body().locals().get(r.name());
            if (lv != null && lv.initText() != null) {
                text = innerArgs(lv.initText());
            }
        } else if (r.kind() == Receiver.Kind.CALL) {
            text = innerArgs(r.text());
        }
        if (text == null && !c.args().isEmpty()) {
            text = c.args().get(0).text();
        }
        if (text == null || text.isBlank()) {
            return null;
        }
        String t = STRING.matcher(text).replaceAll("\"\"");
        if (CONSTANT_WORD.matcher(t).find() || !variesWithCall(catalog, m, t)) {
            return null;
        }
        return LockedWork.shorten(text);
    }

    /**
     * The calls of {@code m} that a per-item state check under an item-keyed lock guards: a check of the stored state
     * of the row the lock is keyed by ({@code if (!"UNPAID".equals(current.getStatus())) return;}, an assertion helper
     * too), read under the lock, that guards a write of that state column of the same row under the lock. Held across
     * the check and the write, a lock keyed by the row makes them one step: a second holder waits, then reads the new
     * state and stops. The lock is then a per-item guard, not the only guard around a batch; what the check guards is
     * not reported (a crash between an effect and the state write is IDEM001's). Not so for an acquisition that can
     * come back without the lock and whose answer is ignored ({@code tryLock}, a boolean helper): after its timeout
     * the check and the write run unserialised. Returns a predicate that matches no call when there is no such check.
     */
    static java.util.function.Predicate<CallSite> rowStateGuarded(Semantics sem, MethodRef m, Locks.Lock lock) {
        Locks.Acquire acquire = lock.call() == null ? null : Locks.acquisitionOf(sem, m, lock.call());
        if (acquire != null && acquire.tries() && lock.call().use() == CallSite.Use.DISCARDED) {
            return c -> false; // a tryLock whose answer is ignored: after its timeout the code goes on without it
        }
        Body body = m.method().body();
        List<java.util.function.Predicate<CallSite>> out = new ArrayList<>();
        for (GuardFact g : body.guards()) {
            CheckThenActStatusGuard.StatusCheck sc = CheckThenActStatusGuard.statusCheck(sem, m, g);
            java.util.function.Predicate<CallSite> covered =
                    c -> c.guardIds().contains(g.id()) && !g.callIds().contains(c.id());
            if (sc != null && guardsLockedWrite(sem, m, lock, sc, covered)) {
                out.add(covered);
            }
        }
        for (CallSite h : body.calls()) {
            GuardFact g = StatusChecks.assertionGuard(sem, m, h);
            CheckThenActStatusGuard.StatusCheck sc = g == null ? null : CheckThenActStatusGuard.statusCheck(sem, m, g);
            java.util.function.Predicate<CallSite> covered =
                    c -> StatusChecks.dominates(h, c) && !g.callIds().contains(c.id());
            if (sc != null && guardsLockedWrite(sem, m, lock, sc, covered)) {
                out.add(covered);
            }
        }
        return c -> out.stream().anyMatch(p -> p.test(c));
    }

    private static boolean guardsLockedWrite(Semantics sem, MethodRef m, Locks.Lock lock,
                                             CheckThenActStatusGuard.StatusCheck sc,
                                             java.util.function.Predicate<CallSite> covered) {
        Body body = m.method().body();
        CallSite read = sc.loadedBy();
        if (read == null || !lock.holds(body, read)) {
            return false;
        }
        String field = StatusRows.norm(CheckThenActStatusGuard.field(sc.accessor()));
        List<CallInfo> infos = sem.calls(m);
        for (CallSite w : body.calls()) {
            if (!covered.test(w) || !lock.holds(body, w)) {
                continue;
            }
            CallInfo ci = infos.get(w.id());
            if ((sem.writesDatabase(m, w) || StatusActs.savesThroughDataAccess(sem, w, ci, 0))
                    && StatusActs.writesCheckedColumn(sem, m, w, ci, sc, field)
                    && (StatusChecks.sameRow(sem, m, w, sc) || sameKey(read, w))
                    && StatusChecks.rowLocked(sem, m, sem.methodInfo(m).locks(), read, w)) {
                return true;
            }
        }
        return false;
    }

    /** True when the read and the write are given the same key expression ({@code order.getId()} to both). */
    private static boolean sameKey(CallSite read, CallSite write) {
        for (io.idemcheck.core.facts.Arg a : read.args()) {
            String k = a.text().replaceAll("\\s+", "");
            if (a.stringValue() != null || a.names().isEmpty()) {
                continue;
            }
            for (io.idemcheck.core.facts.Arg b : write.args()) {
                if (k.equals(b.text().replaceAll("\\s+", ""))) {
                    return true;
                }
            }
        }
        return false;
    }

    private static final Pattern ROOT_IDENT = Pattern.compile("(?<![\\w$.])([A-Za-z_$][\\w$]*)");

    /**
     * True when a lock's key text (string literals blanked) varies per call, outside a lambda or method reference: it
     * names a local variable or parameter of the method ({@code "order:" + id}) or reads a value through a no-argument
     * call other than the clock or a random value (catalog {@code clockCalls}; {@code UserContext.getCurrentUser().getId()}). The lock client among a lock
     * constructor's arguments ({@code new InterProcessMutex(curator, "/locks/relay")}: a field), the task a lock
     * executor runs ({@code () -> relay.relayAll()}) and a configuration built from constants, factories of constants
     * and the clock ({@code new LockConfiguration(Instant.now(), "relay", Duration.ofMinutes(5), ..)}) do not: the
     * lock has one fixed name.
     */
    private static boolean variesWithCall(Catalog catalog, MethodRef m, String text) {
        Set<String> names = new HashSet<>(m.method().body().locals().keySet());
        m.method().params().forEach(p -> names.add(p.name()));
        for (String arg : Brackets.split(text, ',', Brackets.Quotes.JAVA)) {
            if (arg.contains("->") || arg.contains("::")) {
                continue;
            }
            Matcher id = ROOT_IDENT.matcher(arg);
            while (id.find()) {
                if (names.contains(id.group(1))) {
                    return true;
                }
            }
            Matcher getter = NO_ARG_CALL.matcher(arg);
            while (getter.find()) {
                if (!catalog.terms(Vocabulary.CLOCK_CALLS).has(getter.group(1))) {
                    return true;
                }
            }
        }
        return false;
    }

    private static final Pattern NO_ARG_CALL = Pattern.compile("([A-Za-z_$][\\w$]*)\\s*\\(\\s*\\)");


    /** The text between the first '(' and its matching ')' of a call expression, or null. */
    private static String innerArgs(String call) {
        int open = call.indexOf('(');
        int close = Brackets.closing(call, open, Brackets.Quotes.JAVA);
        return close < 0 ? null : call.substring(open + 1, close).trim();
    }
}
