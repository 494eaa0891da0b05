package io.idemcheck.core.rule;

/**
 * A rule. Implementations are annotated with {@link RuleInfo}, listed in
 * {@code META-INF/services/io.idemcheck.core.rule.Rule}, and read facts and summaries through the {@link RuleContext};
 * they never walk syntax trees themselves. One instance is used for the whole scan; {@link #check} is called once.
 */
public interface Rule {

    /** Reads the project through {@code ctx} and reports findings with {@code ctx.report(..)}. */
    void check(RuleContext ctx);

    /** This rule's metadata (from its {@link RuleInfo}). */
    default RuleInfo info() {
        RuleInfo info = getClass().getAnnotation(RuleInfo.class);
        if (info == null) {
            throw new IllegalStateException(getClass().getName() + " lacks @RuleInfo");
        }
        return info;
    }
}
