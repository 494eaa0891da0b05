package io.idemcheck.rules;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.Receiver;
import io.idemcheck.core.finding.Fix;
import io.idemcheck.core.finding.Location;
import io.idemcheck.core.index.CallTarget;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.rule.MethodContext;
import io.idemcheck.core.rule.RuleContext;
import io.idemcheck.core.summary.Retries;
import io.idemcheck.core.summary.Semantics;
import io.idemcheck.rules.fix.Templates;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/** IDEM006 detectors: {@code while (true)} / {@code for (;;)} retry loops and self-recursion on failure. */
final class UnboundedRetryLoops {

    private UnboundedRetryLoops() {
    }

    static void checkLoops(MethodContext mc, MethodRef m) {
        Set<Integer> seen = new LinkedHashSet<>();
        for (Retries.RetryLoop l : Retries.retryLoops(m)) {
            if (l.bound() != null || !seen.add(l.loop().id()) || policyDecides(m, l)
                    || helperThrowsAtCeiling(mc, m, l)) {
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
            RuleContext.FindingBuilder b = mc.finding(one).message(msg)
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
                    Templates.boundedRetry(UnboundedRetryPutBack.table(mc.project().semantics(), m, attempt), 5,
                            attempt != null ? attempt.text() : "attempt()"))));
            b.report();
        }
    }

    /** A whole name of the catalog's {@code retryPolicyCalls}. */
    private static final Pattern POLICY_CALL = Catalog.builtin().terms(Vocabulary.RETRY_POLICY_CALLS).regex("(%s)");
    /** A whole name of the catalog's {@code retryPolicyStepCalls} (next): a policy call on a policy receiver only. */
    private static final Pattern POLICY_STEP = Catalog.builtin().terms(Vocabulary.RETRY_POLICY_STEP_CALLS)
            .regex("(%s)");

    /**
     * The catch block hands the failure to a retry policy that throws at its ceiling (Feign's
     * {@code retryer.continueOrPropagate(e)}, {@code backOffExecution.nextBackOff()}, {@code policy.canRetry(..)}):
     * the bound lives in the policy.
     */
    private static boolean policyDecides(MethodRef m, Retries.RetryLoop l) {
        List<CallSite> calls = m.method().body().calls();
        for (int i = l.catchClause().firstCallId(); i < l.catchClause().endCallId() && i < calls.size(); i++) {
            CallSite c = calls.get(i);
            if (POLICY_CALL.matcher(c.name()).matches() || POLICY_STEP.matcher(c.name()).matches()
                    && Catalog.builtin().terms(Vocabulary.RETRY_POLICY_RECEIVER_WORDS)
                    .has(c.receiver().text().toLowerCase(Locale.ROOT))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The catch block calls a project helper that counts the attempts and throws at its ceiling
     * ({@code retryHandler.sleep(e)} doing {@code if (--lockRetryTimes < 0) throw new LockWaitTimeoutException(..)}):
     * the helper's early exit compares an attempt counter, and it creates an exception to throw. The bound lives in the
     * helper, one call down.
     */
    private static boolean helperThrowsAtCeiling(MethodContext mc, MethodRef m, Retries.RetryLoop l) {
        List<CallSite> calls = m.method().body().calls();
        List<CallTarget> targets = mc.project().index().calls(m);
        for (int i = l.catchClause().firstCallId(); i < l.catchClause().endCallId() && i < calls.size(); i++) {
            for (MethodRef t : targets.get(i).targets()) {
                if (!t.method().hasBody()) {
                    continue;
                }
                var body = t.method().body();
                boolean throwsSomething = body.creations().stream().anyMatch(n -> n.type().matches("[\\w.]*(Exception|Error)"));
                boolean counts = body.guards().stream().anyMatch(g -> g.earlyExit()
                        && g.text().matches("(?s).*(<=?|>=?).*") && Retries.RETRY_NAME.matcher(g.text()).matches());
                if (throwsSomething && counts) {
                    return true;
                }
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

    static void checkRecursion(MethodContext mc, Semantics sem, MethodRef m) {
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
            mc.finding(Semantics.location(m, self.range(), null)).message(msg)
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
}
