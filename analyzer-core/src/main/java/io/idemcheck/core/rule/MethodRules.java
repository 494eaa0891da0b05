package io.idemcheck.core.rule;

import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.util.Parallel;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;

/**
 * The driver of {@link MethodRule}s: picks the methods a rule accepts (in index order), checks them, on several
 * threads when asked, and then, one method after another in index order, reports each method's findings, reports a
 * method that failed (one INTERNAL_ERROR diagnostic, {@link RuleContext#failed}), and finally hands what the methods
 * collected to {@link MethodRule#afterMethods}. Findings, fingerprints and diagnostics are therefore the same whatever
 * the number of threads. A rule that is {@link MethodRule#inOrder} is checked on the calling thread, in index order.
 */
public final class MethodRules {

    private MethodRules() {
    }

    /** What checking one method produced. */
    private static final class Outcome {
        final List<RuleContext.FindingBuilder> findings = new ArrayList<>();
        final List<Object> collected = new ArrayList<>();
        Throwable failure;
    }

    /**
     * Checks every method of the project that {@code rule} accepts.
     *
     * @param threads how many methods to check at once (1: one after another on the calling thread)
     */
    public static void drive(MethodRule rule, RuleContext ctx, int threads) {
        List<MethodRef> methods = new ArrayList<>();
        for (MethodRef m : ctx.project().index().methods()) {
            if (rule.accepts(m, RuleTrace.OFF)) {
                methods.add(m);
            }
        }
        Outcome[] out = new Outcome[methods.size()];
        try {
            Parallel.forEachIndex(methods.size(), rule.inOrder() ? 1 : threads,
                    i -> out[i] = check(rule, ctx, methods.get(i)));
        } catch (ExecutionException e) { // check() contains what a rule throws; this is an Error
            throw new IllegalStateException("rule " + ctx.info().id() + " failed", e.getCause());
        }
        List<Object> collected = new ArrayList<>();
        for (int i = 0; i < out.length; i++) {
            out[i].findings.forEach(ctx::emit);
            if (out[i].failure != null) {
                ctx.failed(methods.get(i), out[i].failure);
            }
            collected.addAll(out[i].collected);
        }
        rule.afterMethods(ctx, collected);
    }

    private static Outcome check(MethodRule rule, RuleContext ctx, MethodRef m) {
        Outcome o = new Outcome();
        try {
            rule.checkMethod(context(ctx, m, RuleTrace.OFF, o.findings::add, o.collected::add));
        } catch (RuntimeException | StackOverflowError | AssertionError e) {
            o.failure = e; // the method's findings reported before the failure stand, as with RuleContext.onMethod
        }
        return o;
    }

    /**
     * A context for explaining {@code m} with {@code trace}: what the rule reports or collects through it is
     * discarded (the scan's own findings say whether the rule fired). For a rule that overrides
     * {@link MethodRule#explain} to add its own steps around {@link MethodRule#checkMethod}.
     */
    public static MethodContext explaining(RuleContext ctx, MethodRef m, RuleTrace trace) {
        return context(ctx, m, trace, b -> { }, o -> { });
    }

    /**
     * A context for checking {@code m} with {@code trace} whose findings {@code ctx} reports at once (collected
     * objects are discarded): for a rule's explain that runs its check over every method into a collecting context
     * and needs to see which step reported what.
     */
    public static MethodContext reporting(RuleContext ctx, MethodRef m, RuleTrace trace) {
        return context(ctx, m, trace, ctx::emit, o -> { });
    }

    /**
     * Checks {@code m} untraced and returns what it {@link MethodContext#collect collected} (its findings are
     * discarded): for a rule's explain that needs what other methods collect.
     */
    public static List<Object> collectedBy(MethodRule rule, RuleContext ctx, MethodRef m) {
        List<Object> out = new ArrayList<>();
        rule.checkMethod(context(ctx, m, RuleTrace.OFF, b -> { }, out::add));
        return out;
    }

    /** A context for checking {@code m}: findings go to {@code findings}, collected objects to {@code collected}. */
    static MethodContext context(RuleContext ctx, MethodRef m, RuleTrace trace,
                                 Consumer<RuleContext.FindingBuilder> findings, Consumer<Object> collected) {
        return new MethodContext(ctx, m, trace, findings, collected);
    }
}
