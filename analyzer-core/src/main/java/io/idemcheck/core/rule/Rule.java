package io.idemcheck.core.rule;

import io.idemcheck.core.index.MethodRef;

/**
 * A rule. Implementations are annotated with {@link RuleInfo}, listed in
 * {@code META-INF/services/io.idemcheck.core.rule.Rule}, and read facts and summaries through the {@link RuleContext};
 * they never walk syntax trees themselves. One instance is used for the whole scan; {@link #check} is called once.
 */
public interface Rule {

    /** Reads the project through {@code ctx} and reports findings with {@code ctx.report(..)}. */
    void check(RuleContext ctx);

    /**
     * Explains, for {@code idemcheck explain}, what this rule decided on method {@code m}: writes to {@code trace}
     * each subject it looked at with the conditions that held, the first one that was missing, or that it fired.
     * Implementations run the same decisions as {@link #check} (ideally the same code, with the trace passed down),
     * so the explanation cannot drift from the check; findings they report through {@code ctx} are discarded (the
     * scan's own findings say whether the rule fired). The default writes nothing: explain then says only whether
     * the rule fired on {@code m}, with its finding's message.
     *
     * @param ctx   a context over the scanned project; its findings are discarded
     * @param m     the method to explain (main or test code, with or without a body)
     * @param trace where to write the steps ({@link RuleTrace#enabled()} is true)
     */
    default void explain(RuleContext ctx, MethodRef m, RuleTrace trace) {
    }

    /** This rule's metadata (from its {@link RuleInfo}). */
    default RuleInfo info() {
        RuleInfo info = getClass().getAnnotation(RuleInfo.class);
        if (info == null) {
            throw new IllegalStateException(getClass().getName() + " lacks @RuleInfo");
        }
        return info;
    }
}
