package io.idemcheck.rules;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.facts.EffectKind;
import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.TryFact;
import io.idemcheck.core.finding.Fix;
import io.idemcheck.core.finding.Location;
import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.index.CallTarget;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.rule.MethodContext;
import io.idemcheck.core.rule.MethodRule;
import io.idemcheck.core.rule.RuleContext;
import io.idemcheck.core.rule.RuleInfo;
import io.idemcheck.core.rule.RuleTrace;
import io.idemcheck.core.summary.Basis;
import io.idemcheck.core.summary.CallInfo;
import io.idemcheck.core.summary.EffectTrace;
import io.idemcheck.core.summary.MethodInfo;
import io.idemcheck.core.summary.Retries;
import io.idemcheck.core.summary.Semantics;
import io.idemcheck.rules.fix.RuleFixes;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * IDEM010: a side effect runs inside a retry (a retry loop, a recursive retry from a catch block, a catch block that
 * puts the item taken from a queue back into it, a {@code @Retryable}
 * method, a lambda run by {@code RetryTemplate.execute} or Resilience4j's {@code Retry}, a message listener that the
 * broker redelivers when it throws) and carries no idempotency key derived from the item. A timeout after the
 * downstream already succeeded makes the retry repeat the effect. Reported at the effect call in the retried code;
 * effects reached through project methods carry their call chain as related locations.
 */
@RuleInfo(id = "IDEM010", name = "EffectRetriedWithoutKey",
        summary = "A side effect is retried without an idempotency key, so a retry after a timeout repeats it",
        severity = Severity.ERROR, tags = {"idempotency", "retry"}, precision = "high")
public final class EffectRetriedWithoutKey implements MethodRule {

    /** Main code with a body holding at least one call. */
    @Override
    public boolean accepts(MethodRef m, RuleTrace trace) {
        return MethodGates.mainCodeWithCalls(m, trace);
    }

    /** Checks one method; with an enabled trace, writes each effect call's conditions and verdict to it. */
    @Override
    public void checkMethod(MethodContext mc) {
        MethodRef m = mc.method();
        Semantics sem = mc.semantics();
        RuleTrace trace = mc.trace();
        List<CallTarget> targets = sem.index().calls(m);
        List<CallSite> calls = mc.calls();
        List<Retries.RetryLoop> loops = Retries.retryLoops(m);
        List<Retries.RecursiveRetry> recursions = Retries.recursiveRetries(m, targets);
        Retries.RetryableAnnotation retryable = Retries.retryable(m);
        if (retryable != null && retryable.noRetry()) {
            retryable = null;
        }
        Retries.Redelivery redelivery = sem.consumerRedelivery(m);
        String listener = redelivery == null ? null : redelivery.why();
        int consumerLambda = redelivery == null ? -1 : redelivery.lambdaId();
        String writer = listener == null ? Retries.rerunWriter(sem.catalog(), sem.index(), m) : null;
        boolean anyEffect = false;
        for (CallSite c : calls) {
            MethodInfo.Call fact = mc.call(c);
            CallInfo ci = fact.info();
            EffectTrace t = ci.effect();
            if (t == null) {
                continue;
            }
            anyEffect = true;
            int line = c.range().line();
            String subject = trace.enabled() ? Semantics.display(c) : null;
            String safe = safeToRetry(sem, m, c, fact, t);
            if (safe != null) {
                trace.missing(line, subject, "an effect that a retry repeats: " + safe);
                continue;
            }
            if (trace.enabled()) {
                String rejected = sem.keyRejection(m, c);
                trace.held(line, subject, "an effect that a retry repeats (" + t.kind() + ", no idempotency key "
                        + "derived from the item, no checked claim guards it)"
                        + (rejected == null ? "" : "; the key was rejected: " + rejected));
            }
            String why = null;
            Location where = null;
            for (Retries.RetryLoop l : loops) {
                if (l.attempts(c)) {
                    why = "inside the retry loop at line " + l.loop().range().line() + " (its catch block at line "
                            + l.catchClause().range().line() + " swallows the failure and the loop tries again)";
                    where = Semantics.location(m, l.loop().range(), "the loop retries the attempt");
                    break;
                }
            }
            if (why == null) {
                for (Retries.RecursiveRetry r : recursions) {
                    if (r.attempts(c)) {
                        why = "inside a retry: the catch block at line " + r.catchClause().range().line()
                                + " calls " + m.method().name() + "() again";
                        where = Semantics.location(m, r.selfCall().range(), "the method calls itself again");
                        break;
                    }
                }
            }
            if (why == null && !sem.inAsyncLambda(m, c)) {
                CallSite back = UnboundedRetryPutBack.putBackAround(m, c, names -> sem.roots(m, names));
                if (back != null) {
                    why = "inside a put-back retry: when it throws, the catch block gives the item back to `"
                            + back.receiver().text() + "` (" + Semantics.display(back) + " at line "
                            + back.range().line() + "), which hands it out to be tried again";
                    where = Semantics.location(m, back.range(), "puts the item back to be tried again");
                }
            }
            if (why == null) {
                CallSite owner = Retries.retryLambdaOwner(sem.catalog(), m, c, targets);
                if (owner != null) {
                    why = "inside " + Semantics.display(owner) + " at line " + owner.range().line()
                            + ", which runs it again when it throws";
                    where = Semantics.location(m, owner.range(), "runs the lambda under a retry policy");
                }
            }
            if (why == null) {
                io.idemcheck.core.index.MethodRef api = declared(targets, c);
                String rt = Retries.clientRetryer(sem.catalog(), sem.index(), api);
                if (rt != null && headerKeyFromItem(sem, m, c, api)) {
                    trace.missing(line, subject, "a retry around it: the client's retryer re-sends it, but a key "
                            + "header of the item goes with it");
                    continue;
                }
                if (rt != null) {
                    why = "in a call the client's retryer sends again when it fails or times out (" + rt + ")";
                    where = Semantics.location(m, c.range(), "the client's retryer re-sends the request");
                }
            }
            if (why == null && retryable != null && c.catchDepth() == 0 && !swallowed(sem.catalog(), m, c)) {
                why = "in " + m.method().name() + "(), which is @Retryable ("
                        + (retryable.springCore() ? "Spring Framework's core retry" : "Spring Retry")
                        + (retryable.limit() != null ? ", " + retryable.limitMember() + " = " + retryable.limit()
                        : ", 3 attempts by default") + "): it runs again when it throws";
                where = Semantics.location(m, retryable.annotation().range(), "the method is retried");
            }
            if (why == null && listener != null && c.catchDepth() == 0 && c.lambdaId() == consumerLambda
                    && !swallowed(sem.catalog(), m, c)) {
                why = "in " + (consumerLambda >= 0 ? "the consumer lambda of " + m.method().name() + "() ("
                        + listener + ")" : listener.startsWith("a ") ? m.method().name() + "() (" + listener + ")"
                        : "the " + listener + " method " + m.method().name() + "()")
                        + ", which the broker redelivers when it throws";
                where = Semantics.location(m, m.method().nameRange(), "the listener is redelivered on an exception");
            }
            if (why == null && writer != null && c.catchDepth() == 0 && c.lambdaId() < 0
                    && !swallowed(sem.catalog(), m, c)) {
                why = "in " + m.method().name() + "(), the " + writer + ": when a write of the chunk fails, "
                        + "Spring Batch rolls the chunk back and calls the writer again for its items, one by one";
                where = Semantics.location(m, m.method().nameRange(), "the writer runs again when a chunk fails");
            }
            if (why == null) {
                if (trace.enabled()) {
                    trace.missing(line, subject, "a retry around it: " + noRetry(m, c, loops, recursions,
                            Retries.retryable(m), retryable, listener));
                }
                continue;
            }
            trace.held(line, subject, why);
            report(mc, c, t, why, where);
            trace.fired(line, subject, "the effect is retried without a key");
        }
        if (!anyEffect) {
            trace.missing(0, "the method", "a side effect: no call in this method is one (see each call's roles)");
        }
    }

    /**
     * Why effect call {@code c} is safe to retry, in words, or null when it is not: a key derived from the item, an
     * insert into the application's own database, a checked claim, a Kafka record key, a read-named remote call.
     */
    private static String safeToRetry(Semantics sem, MethodRef m, CallSite c, MethodInfo.Call fact, EffectTrace t) {
        if (fact.info().keyed()) {
            return "it carries an idempotency key derived from the item";
        }
        if (t.isDatabaseLocal()) {
            return "it is an insert into the application's own database (it rolls back with the failed attempt)";
        }
        CallSite claim = fact.guardingClaim();
        if (claim != null) {
            return "the claim " + Semantics.display(claim) + " at line " + claim.range().line()
                    + " guards it and its row count is checked";
        }
        if (kafkaRecordKey(sem, m, c, t)) {
            return "the Kafka record key is derived from the item (consumers dedupe on it)";
        }
        if (readByName(c, t)) {
            return "it reaches a generic HTTP call through a method named like a read (" + c.name() + ")";
        }
        return null;
    }

    /** Why no retry applies to {@code c}: what was looked for and, where one exists, why it does not cover the call. */
    private static String noRetry(MethodRef m, CallSite c, List<Retries.RetryLoop> loops,
                                  List<Retries.RecursiveRetry> recursions, Retries.RetryableAnnotation declared,
                                  Retries.RetryableAnnotation retryable, String listener) {
        List<String> parts = new ArrayList<>();
        if (!loops.isEmpty()) {
            parts.add("the retry loop at line " + loops.get(0).loop().range().line() + " does not run it");
        }
        if (!recursions.isEmpty()) {
            parts.add("the recursive retry at line " + recursions.get(0).selfCall().range().line()
                    + " does not cover it");
        }
        if (declared != null && retryable == null) {
            parts.add("@Retryable here retries nothing (no retry attempts)");
        } else if (retryable != null) {
            parts.add("the method is @Retryable, but " + (c.catchDepth() > 0 ? "the call is inside a catch block"
                    : "a catch around the call swallows its failure") + ", so it never reaches the retry");
        }
        if (listener != null) {
            parts.add("the method is a " + listener + " listener, but " + (c.catchDepth() > 0
                    ? "the call is inside a catch block" : c.lambdaId() >= 0 ? "the call runs in a lambda"
                    : "a catch around the call swallows its failure") + ", so a failure is not redelivered");
        }
        if (parts.isEmpty()) {
            return "no retry loop, recursive retry from a catch block, RetryTemplate/Resilience4j callback, "
                    + "@Retryable method or redelivered listener runs it";
        }
        return String.join("; ", parts);
    }

    /** A name beginning with a verb of the catalog's {@code readVerbNames}, after an optional do/long. */
    private static final java.util.regex.Pattern READ_NAME = Catalog.builtin()
            .terms(Vocabulary.READ_VERB_NAMES).regex("(?i)(do)?(long)?(%s)\\w*");

    /**
     * A generic HTTP call reached through a project method whose name says it reads ({@code doLongPolling(server)},
     * {@code fetchConfig()}): repeating a read or a long poll changes nothing downstream. Payments, messages and mails
     * are never excused by a name.
     */
    private static boolean readByName(CallSite c, EffectTrace t) {
        return t.effectKind() == EffectKind.HTTP && t.hops().size() > 1 && READ_NAME.matcher(c.name()).matches();
    }

    /** The call sits in a try block with a catch that does not rethrow: a failure never reaches the retry. */
    private static boolean swallowed(Catalog catalog, MethodRef m, CallSite c) {
        for (TryFact t : m.method().body().tries()) {
            if (c.id() >= t.firstCallId() && c.id() < t.endCallId()) {
                for (TryFact.Catch k : t.catches()) {
                    if (!k.rethrows() && k.types().stream().anyMatch(x -> catalog.terms(
                            Vocabulary.CATCH_ALL_EXCEPTION_TYPES).has(x) || x.endsWith("Exception")
                            && !catalog.terms(Vocabulary.NOT_FAILURE_EXCEPTION_TYPES).has(x))) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /**
     * A Kafka record sent with a key derived from the item ({@code kafkaTemplate.send(topic, order.getId(), ..)}):
     * consumers dedupe on the record key.
     */
    private static boolean kafkaRecordKey(Semantics sem, MethodRef m, CallSite c, EffectTrace t) {
        if (t.effectKind() != EffectKind.MESSAGE || !t.leaf().startsWith("KafkaTemplate") || c.argCount() < 3) {
            return false;
        }
        String k = c.args().get(1).text();
        if (sem.catalog().terms(Vocabulary.NON_DETERMINISTIC_KEY_CALLS).has(k) || k.equals("null")) {
            return false;
        }
        Set<String> roots = sem.roots(m, c.args().get(1).names());
        return roots.stream().anyMatch(sem.itemNames(m)::contains);
    }

    private void report(MethodContext mc, CallSite c, EffectTrace t, String why, Location where) {
        MethodRef m = mc.method();
        String what = t.effectKind().phrase();
        String how = t.hops().size() > 1 ? " (through " + (t.hops().size() - 1) + " call"
                + (t.hops().size() > 2 ? "s" : "") + ", down to " + t.leaf() + "())" : "";
        String downstream = switch (t.effectKind()) {
            case PAYMENT -> "the payment provider";
            case MESSAGE -> "the broker";
            case MAIL -> "the mail server";
            default -> "the remote service";
        };
        String unstable = mc.semantics().unstableKey(m, c);
        String msg = Semantics.display(c) + " at line " + c.range().line() + " " + what + how + " " + why
                + (unstable != null ? ", and the key it sends changes on every attempt (it holds "
                + unstable.replaceAll("\\($", "()") + ", a random or clock value), so the downstream does not "
                + "recognise the retry" : ", and it carries no idempotency key derived from the item")
                + ". When the call times out after "
                + downstream + " already did the work, the retry " + t.verb() + ".";
        if (t.likelyReason() != null) {
            msg += " (" + Character.toUpperCase(t.likelyReason().charAt(0)) + t.likelyReason().substring(1) + ".)";
        } else if (t.decidedBy() == Basis.NAME) {
            msg += " (The effect was recognised by its method name.)";
        }
        RuleContext.FindingBuilder b = mc.finding(Semantics.location(m, c.range(), null)).message(msg)
                .enclosing(m.type().fqn() + "#" + m.method().signature()).construct(c.text());
        b.related(where);
        for (int i = 1; i < t.hops().size(); i++) {
            b.related(t.hops().get(i));
        }
        b.flow(where);
        for (Location hop : t.hops()) {
            b.flow(hop);
        }
        b.fix(RuleFixes.keyedEffect(mc.project(), m, c, fix(m, c, t)));
        b.report();
    }

    private static Fix fix(MethodRef m, CallSite c, EffectTrace t) {
        String item = m.method().params().isEmpty() ? "item" : m.method().params().get(0).name();
        for (int l : c.loopIds()) {
            List<String> vars = m.method().body().loops().get(l).vars();
            if (!vars.isEmpty()) {
                item = vars.get(0);
            }
        }
        String purpose = c.name().toLowerCase(Locale.ROOT);
        String carrier = t.effectKind() == EffectKind.PAYMENT
                ? "RequestOptions.builder().setIdempotencyKey(key).build() (Stripe), or the provider's request-id "
                + "parameter"
                : t.effectKind() == EffectKind.MESSAGE ? "the record key (consumers dedupe on it) or a message id header"
                : "an Idempotency-Key header";
        String template = String.join("\n",
                "String key = IdempotencyKeys.of(\"" + purpose + "\", " + item + ".getId());   // same on every attempt",
                "// pass it to the downstream: " + carrier,
                "// or let the runtime's ledger return the first outcome to every retry:",
                "ledger.runOnce(key, fingerprint, k -> " + c.text().replace("\n", " ") + " /* with k */);");
        return Fix.of("Derive an idempotency key from the item (not a random UUID, which changes on every attempt) "
                + "and pass it to the effect (" + carrier + "), so that the downstream dedupes a retried request; or "
                + "run the effect through IdempotencyLedger.runOnce(key, ..).", template);
    }

    /** The declared method of {@code c}'s resolved target, or null. */
    private static io.idemcheck.core.index.MethodRef declared(List<CallTarget> targets, CallSite c) {
        for (CallTarget t : targets) {
            if (t.call() == c || t.call().id() == c.id()) {
                return t.declared();
            }
        }
        return null;
    }

    private static final java.util.regex.Pattern HEADER_PARAM =
            java.util.regex.Pattern.compile("([\\w-]+)\\s*:\\s*\\{(\\w+)}");

    /**
     * True when the client method {@code api} sends a key header (catalog {@code keyHeaderNames}) filled from one of
     * its parameters ({@code @Headers("Idempotency-Key: {key}")} with a parameter named {@code key}) and the call
     * passes a value derived from the item there: every resend carries the same key.
     */
    private static boolean headerKeyFromItem(Semantics sem, io.idemcheck.core.index.MethodRef m, CallSite c,
                                             io.idemcheck.core.index.MethodRef api) {
        if (api == null) {
            return false;
        }
        java.util.Set<String> items = io.idemcheck.core.summary.Dataflow.itemNames(m);
        for (io.idemcheck.core.facts.AnnotationFact a : api.method().annotations()) {
            if (!a.simpleName().equals("Headers")) {
                continue;
            }
            java.util.regex.Matcher h = HEADER_PARAM.matcher(String.join(" ", a.values().values()));
            while (h.find()) {
                String header = h.group(1);
                if (sem.catalog().keyHeaderNames().stream().noneMatch(k -> k.equalsIgnoreCase(header))) {
                    continue;
                }
                List<io.idemcheck.core.facts.MethodFacts.Param> ps = api.method().params();
                for (int i = 0; i < ps.size() && i < c.args().size(); i++) {
                    String name = h.group(2);
                    boolean named = ps.get(i).name().equals(name) || ps.get(i).annotations().stream()
                            .anyMatch(p -> p.simpleName().equals("Param") && name.equals(p.value("value")));
                    if (named && sem.roots(m, c.args().get(i).names()).stream()
                            .anyMatch(items::contains)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }
}
