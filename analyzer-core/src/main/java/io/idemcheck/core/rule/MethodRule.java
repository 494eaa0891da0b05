package io.idemcheck.core.rule;

import io.idemcheck.core.index.MethodRef;

import java.util.List;

/**
 * A rule checked one method at a time, driven by the engine (as PMD's rule chain or Error Prone's method matchers):
 * the engine picks the methods the rule {@link #accepts}, hands each to {@link #checkMethod} with a
 * {@link MethodContext} that already holds the method's facts ({@link MethodContext#facts()}), runs methods in
 * parallel when the scan has threads to spare, and reports their findings in method order, so output does not depend
 * on scheduling. A method that throws is lost alone (one INTERNAL_ERROR diagnostic naming rule and method).
 *
 * <p>{@link #explain} runs the same {@link #checkMethod} with a live trace, so the explanation cannot drift from the
 * check. Rules that need the whole project at once (tables, configuration files, all jobs together) implement
 * {@link Rule#check} instead.
 *
 * <p>Implementations must be safe to call from several threads at once: keep per-method state in locals or in the
 * context, and hand anything that needs all methods to {@link MethodContext#collect} (read in {@link #afterMethods}).
 */
public interface MethodRule extends Rule {

    /** Checks one method the rule {@link #accepts}, reporting through {@code m.finding(..)}. */
    void checkMethod(MethodContext m);

    /**
     * Whether the engine hands {@code m} to {@link #checkMethod}; when not, writes the first missing condition to
     * {@code trace} (at line 0, subject "the method"). The default accepts main code with a body.
     */
    default boolean accepts(MethodRef m, RuleTrace trace) {
        if (m.file().test()) {
            trace.missing(0, "the method", "main code: test code is not checked");
            return false;
        }
        if (!m.method().hasBody()) {
            trace.missing(0, "the method", "a body: the method has none");
            return false;
        }
        return true;
    }

    /**
     * Whether the rule must see its methods one after another in index order, on one thread: true for a rule whose
     * check of a method reads what its checks of earlier methods recorded in the scan's {@link RuleContext#state}
     * (a location already reported by another detector). The default is false: methods are independent and may be
     * checked on several threads.
     */
    default boolean inOrder() {
        return false;
    }

    /**
     * Runs once after every method was checked, with what the methods {@link MethodContext#collect collected}, in
     * method order: for findings that gather several methods (a declaration reported once for all its callers). The
     * default does nothing.
     */
    default void afterMethods(RuleContext ctx, List<Object> collected) {
    }

    /** Checks every method the rule accepts, one after another ({@link MethodRules#drive}). */
    @Override
    default void check(RuleContext ctx) {
        MethodRules.drive(this, ctx, 1);
    }

    /** Runs {@link #checkMethod} on {@code m} with {@code trace} when the rule {@link #accepts} it. */
    @Override
    default void explain(RuleContext ctx, MethodRef m, RuleTrace trace) {
        if (accepts(m, trace)) {
            checkMethod(MethodRules.explaining(ctx, m, trace));
        }
    }
}
