package io.idemcheck.core.rule;

import io.idemcheck.core.finding.Severity;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The one place a rule's metadata lives. Put it on the rule class; the rule's doc page is
 * {@code rules/docs/<name>.md} and its test is {@code <name>Test}.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface RuleInfo {
    /** "IDEMnnn". */
    String id();

    /** Readable name in UpperCamelCase, e.g. "SideEffectBeforeStatusRecord"; also the doc and test name. */
    String name();

    /** One line, no trailing period. */
    String summary();

    Severity severity();

    /** Free tags, e.g. "idempotency", "batch", "transactions". */
    String[] tags() default {};

    /** SARIF/GitHub precision: "very-high", "high", "medium" or "low". */
    String precision() default "high";
}
