package io.idemcheck.rules;

import io.idemcheck.core.model.Project;
import io.idemcheck.core.facts.Body;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.finding.Fix;
import io.idemcheck.core.finding.Location;
import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.rule.Rule;
import io.idemcheck.core.rule.RuleContext;
import io.idemcheck.core.rule.RuleInfo;
import io.idemcheck.core.summary.CallInfo;
import io.idemcheck.core.summary.EffectTrace;
import io.idemcheck.core.summary.Locks;
import io.idemcheck.core.summary.Semantics;
import io.idemcheck.rules.fix.RuleFixes;

import java.util.ArrayList;
import java.util.List;

/**
 * IDEM009: a distributed lock is the only guard around side effects. A lock answers "only one instance runs now"; it
 * does not answer "the previous instance already did this item's work but did not record it". Reported at the lock
 * (the annotation or the acquiring call) when an effect runs while it is held with no idempotency key derived from
 * the item and no checked conditional claim. Hand-rolled Redis Lua lock scripts are reported at the call that runs
 * them, with what breaks in cluster mode.
 */
@RuleInfo(id = "IDEM009", name = "LockInsteadOfIdempotency",
        summary = "A distributed lock is the only guard around side effects; it does not stop a repeat after a crash",
        severity = Severity.WARNING, tags = {"idempotency", "batch", "restart-safety", "locking"}, precision = "medium")
public final class LockInsteadOfIdempotency implements Rule {

    @Override
    public void check(RuleContext ctx) {
        Project project = ctx.project();
        Semantics sem = project.semantics();
        ctx.forEachMethod(project.index().methods(), m -> {
            if (m.file().test() || !m.method().hasBody()) {
                return;
            }
            List<CallInfo> infos = sem.calls(m);
            Body body = m.method().body();
            for (Locks.Lock lock : Locks.in(sem, m)) {
                List<CallSite> effects = new ArrayList<>();
                for (CallSite c : body.calls()) {
                    CallInfo ci = infos.get(c.id());
                    if (lock.holds(body, c) && ci.effect() != null && !ci.keyed() && !ci.isRecord()
                            && sem.guardingClaim(m, c) == null && (lock.call() == null || !c.exclusiveWith(lock.call()))
                            && !sem.inAsyncLambda(m, c)) {
                        effects.add(c);
                    }
                }
                if (!effects.isEmpty()) {
                    report(ctx, m, lock, effects, infos);
                }
            }
            for (CallSite c : body.calls()) {
                String script = Locks.luaLockScript(sem.catalog(), m, c);
                if (script != null) {
                    reportLua(ctx, m, c, script);
                }
            }
        });
    }

    private void report(RuleContext ctx, MethodRef m, Locks.Lock lock, List<CallSite> effects, List<CallInfo> infos) {
        CallSite e = effects.get(0);
        EffectTrace t = infos.get(e.id()).effect();
        StringBuilder names = new StringBuilder();
        for (int i = 0; i < effects.size() && i < 4; i++) {
            names.append(i == 0 ? "" : ", ").append(Semantics.display(effects.get(i))).append(" (line ")
                    .append(effects.get(i).range().line()).append(')');
        }
        if (effects.size() > 4) {
            names.append(" and ").append(effects.size() - 4).append(" more");
        }
        String expiry = lock.call() == null ? "the lock is released when its lockAtMostFor runs out"
                : "the lock is released by its timeout or lease";
        String msg = lock.kind() + " is the only guard around " + names + ": it makes sure one instance runs at a "
                + "time, not that each item's effect happens once. If this instance dies after "
                + Semantics.display(e) + " and before the item is recorded, " + expiry + ", and the next run (on this "
                + "node or another) picks the same item again and " + t.verb() + ". A concurrent instance that "
                + "starts after a lock expired mid-batch does the same. No idempotency key derived from the item "
                + "reaches the effect, and no conditional claim whose row count is checked guards it.";
        Location at = Semantics.location(m, lock.range(), null);
        RuleContext.FindingBuilder b = ctx.finding(at).message(msg).enclosing(m.id())
                .construct(lock.call() != null ? lock.call().text() : lock.kind());
        for (CallSite c : effects) {
            b.related(Semantics.location(m, c.range(), Semantics.display(c) + " runs while the lock is held"));
        }
        b.fix(RuleFixes.lockedEffect(ctx.project(), m, e, Fix.of("Keep the lock if it saves work, but make each "
                + "item safe on its own: claim the row with a conditional update whose row count you check "
                + "(TaskClaimer.claim), give the effect an idempotency key derived from the item (IdempotencyKeys.of(..), IdempotencyLedger.runOnce) and let the "
                + "downstream dedupe on it; then a repeat after an expired lock is harmless.", null)));
        b.report();
    }

    private void reportLua(RuleContext ctx, MethodRef m, CallSite c, String script) {
        String msg = Semantics.display(c) + " runs a hand-rolled Redis lock script (Lua with redis.call and "
                + "SETNX / SET NX / PEXPIRE). In Redis Cluster this breaks in several ways: the script cache is per "
                + "node, so EVALSHA on a node that never loaded the script fails with NOSCRIPT; every key a script "
                + "touches must be passed in KEYS and hash to one slot; and some client connections do not support "
                + "EVALSHA against a cluster at all. Besides, a lock only keeps two instances from running at once: "
                + "when its holder dies after an effect and before the record, the lock expires and the next holder "
                + "repeats the effect.";
        ctx.finding(Semantics.location(m, c.range(), null)).message(msg).enclosing(m.id()).construct(c.text())
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
