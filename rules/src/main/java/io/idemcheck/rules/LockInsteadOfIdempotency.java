package io.idemcheck.rules;

import io.idemcheck.core.facts.EffectKind;
import io.idemcheck.core.facts.Body;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.finding.Fix;
import io.idemcheck.core.finding.Location;
import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.rule.MethodContext;
import io.idemcheck.core.rule.MethodRule;
import io.idemcheck.core.rule.MethodRules;
import io.idemcheck.core.rule.RuleContext;
import io.idemcheck.core.rule.RuleInfo;
import io.idemcheck.core.rule.RuleTrace;
import io.idemcheck.core.summary.EffectTrace;
import io.idemcheck.core.summary.Locks;
import io.idemcheck.core.summary.Semantics;
import io.idemcheck.rules.fix.RuleFixes;

import java.util.List;

/**
 * IDEM009: a distributed lock is the only guard around side effects done per work item. A lock answers "only one
 * instance runs now"; it does not answer "the previous instance already did this item's work but did not record it".
 * Reported at the lock (the annotation, the acquiring call, or a call of a project helper that takes a lock and
 * returns holding it) when, while it is held, an effect runs for each work item fetched from a store (or for the one
 * item the lock is keyed by) with no idempotency key derived from the item, no checked conditional claim on the item,
 * and nothing that makes a repeat harmless ({@link LockedWork}); the effect may be calls deep, and recorded there. A
 * lock around one action per tick with no work item (a daily report, a heartbeat) is not reported: a lock is the
 * right tool for it. Hand-rolled Redis Lua lock scripts are reported at the call that runs them, with what breaks in
 * cluster mode.
 */
@RuleInfo(id = "IDEM009", name = "LockInsteadOfIdempotency",
        summary = "A distributed lock is the only guard around side effects; it does not stop a repeat after a crash",
        severity = Severity.WARNING, tags = {"idempotency", "batch", "restart-safety", "locking"}, precision = "medium")
public final class LockInsteadOfIdempotency implements MethodRule {

    private static final int SHOWN = 4;

    /** Main code with a body. */
    @Override
    public boolean accepts(MethodRef m, RuleTrace trace) {
        return MethodGates.mainCodeWithBody(m, trace);
    }

    @Override
    public void explain(RuleContext ctx, MethodRef m, RuleTrace trace) {
        if (!accepts(m, trace)) {
            return;
        }
        checkMethod(MethodRules.explaining(ctx, m, trace));
        if (trace.isEmpty()) {
            trace.missing(0, "the method", "a lock: the method takes no distributed lock (catalog lock APIs, "
                    + "@SchedulerLock, a Redis SETNX, a lock-table row read FOR UPDATE inside a transaction) and "
                    + "runs no Lua lock script");
        }
    }

    /** Checks one method; with an enabled trace, writes each lock's conditions and verdict to it. */
    @Override
    public void checkMethod(MethodContext mc) {
        MethodRef m = mc.method();
        Semantics sem = mc.semantics();
        RuleTrace trace = mc.trace();
        Body body = m.method().body();
        for (Locks.Lock lock : mc.facts().locks()) {
            List<LockedWork.Hit> hits = LockedWork.under(sem, m, lock);
            int line = lock.range().line();
            String subject = lock.kind();
            trace.held(line, subject, "a distributed lock is taken here");
            if (!hits.isEmpty()) {
                if (trace.enabled()) {
                    trace.fired(line, subject, "it is the only guard around " + Semantics.display(hits.get(0).leaf())
                            + " (" + where(m, hits.get(0)) + ", " + hits.get(0).info().effect().kind() + ")"
                            + (hits.size() > 1 ? " and " + (hits.size() - 1) + " more" : ""));
                }
                report(mc, lock, hits);
            } else {
                trace.missing(line, subject, "an effect guarded by the lock alone: no work it holds the lock for has "
                        + "a side effect without an idempotency key from the item, a checked claim, or a kind a "
                        + "repeat leaves unchanged");
            }
        }
        for (CallSite c : body.calls()) {
            String script = Locks.luaLockScript(sem.catalog(), m, c);
            if (script != null) {
                trace.fired(c.range().line(), Semantics.display(c), "it runs a hand-rolled Redis lock script");
                reportLua(mc, c, script);
            }
        }
    }

    private void report(MethodContext mc, Locks.Lock lock, List<LockedWork.Hit> found) {
        MethodRef m = mc.method();
        List<LockedWork.Hit> hits = new java.util.ArrayList<>(found);
        hits.sort(java.util.Comparator.comparingInt(h -> rank(h.info().effect().effectKind())));
        LockedWork.Hit first = hits.get(0);
        EffectTrace t = first.info().effect();
        StringBuilder names = new StringBuilder();
        for (int i = 0; i < hits.size() && i < SHOWN; i++) {
            LockedWork.Hit h = hits.get(i);
            names.append(i == 0 ? "" : ", ").append(Semantics.display(h.leaf())).append(" (").append(where(m, h))
                    .append(')');
        }
        if (hits.size() > SHOWN) {
            names.append(" and ").append(hits.size() - SHOWN).append(" more");
        }
        String expiry = lock.call() == null ? "the lock is released when its lockAtMostFor runs out"
                : "the lock is released by its timeout, its lease or its session";
        String per = first.loop() != null
                ? " for " + first.item() + " (loop at line " + first.loop().startLine() + ")"
                : " for the item it is keyed by (" + first.item() + ")";
        Locks.Acquire acquire = lock.call() == null ? null : mc.call(lock.call()).lockTaken();
        String unchecked = acquire != null && acquire.tries() && lock.call().use() == CallSite.Use.DISCARDED
                ? " Worse, the result of " + Semantics.display(lock.call()) + " is ignored: when the lock is not "
                + "acquired in time, the code goes on without it." : "";
        String msg = lock.kind() + " is the only guard around " + names + per + ": it makes sure one instance runs "
                + "at a time, not that each item's effect happens once. If this instance dies after "
                + Semantics.display(first.leaf()) + " and before the item is recorded, " + expiry + ", and the next "
                + "holder (on this node or another) picks the same item again and " + t.verb() + ". A second "
                + "instance that starts after the lock expired, with the items it read before, does the same. No "
                + "idempotency key derived from the item reaches the effect, no conditional claim on the item whose "
                + "row count is checked guards it, and the effect is not one a repeat leaves unchanged." + unchecked;
        Location at = Semantics.location(m, lock.range(), null);
        RuleContext.FindingBuilder b = mc.finding(at).message(msg).enclosing(mc.enclosing())
                .construct(lock.call() != null ? lock.call().text() : lock.kind());
        if (first.loop() != null) {
            b.related(first.loop());
        }
        for (int i = 0; i < hits.size() && i < SHOWN; i++) {
            LockedWork.Hit h = hits.get(i);
            b.related(Semantics.location(h.method(), h.leaf().range(),
                    Semantics.display(h.leaf()) + " runs while the lock is held"));
        }
        for (Location hop : first.path()) {
            b.flow(hop);
        }
        b.fix(RuleFixes.lockedEffect(mc.project(), first.method(), first.leaf(), Fix.of("Keep the lock if it "
                + "saves work, but make each item safe on its own: claim the row with a conditional update whose row "
                + "count you check (TaskClaimer.claim), give the effect an idempotency key derived from the item "
                + "(IdempotencyKeys.of(..), IdempotencyLedger.runOnce) and let the downstream dedupe on it; then a "
                + "repeat after an expired lock is harmless.", null)));
        b.report();
    }

    /** Effects shown first: money and messages before storage and rows. */
    private static int rank(EffectKind kind) {
        return switch (kind) {
            case PAYMENT -> 0;
            case ORDER -> 1;
            case MESSAGE, MAIL -> 2;
            case HTTP -> 3;
            default -> 4;
        };
    }

    /** "line 41" when the effect is in the locked method, else "ContainerCleaner.deleteBlob() line 83". */
    private static String where(MethodRef m, LockedWork.Hit h) {
        if (h.method().equals(m)) {
            return "line " + h.leaf().range().line();
        }
        return h.method().type().simpleName() + "." + h.method().method().name() + "() line "
                + h.leaf().range().line();
    }

    private void reportLua(MethodContext mc, CallSite c, String script) {
        MethodRef m = mc.method();
        String msg = Semantics.display(c) + " runs a hand-rolled Redis lock script (Lua with redis.call and "
                + "SETNX / SET NX / PEXPIRE). In Redis Cluster this breaks in several ways: the script cache is per "
                + "node, so EVALSHA on a node that never loaded the script fails with NOSCRIPT; every key a script "
                + "touches must be passed in KEYS and hash to one slot; and some client connections do not support "
                + "EVALSHA against a cluster at all. Besides, a lock only keeps two instances from running at once: "
                + "when its holder dies after an effect and before the record, the lock expires and the next holder "
                + "repeats the effect.";
        mc.finding(Semantics.location(m, c.range(), null)).message(msg).enclosing(mc.enclosing()).construct(c.text())
                .fix(Fix.of("Use a maintained lock implementation (Redisson's RLock, Spring Integration's "
                        + "RedisLockRegistry, ShedLock) instead of a custom script, and still give each effect an "
                        + "idempotency key derived from the item (IdempotencyKeys, IdempotencyLedger.runOnce) with a "
                        + "checked claim (TaskClaimer.claim).", String.join("\n",
                        "RLock lock = redisson.getLock(\"job:\" + name);",
                        "if (lock.tryLock(0, 10, TimeUnit.MINUTES)) {",
                        "    try { /* per item: claim, key, effect, complete */ } finally { lock.unlock(); }",
                        "}")))
                .report();
    }
}
