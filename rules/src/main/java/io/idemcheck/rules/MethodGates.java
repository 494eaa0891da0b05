package io.idemcheck.rules;

import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.rule.RuleTrace;

/**
 * The conditions a method must meet before a method-scoped rule looks at it, shared by a rule's {@code check} (with
 * {@link RuleTrace#OFF}) and its {@code explain} (with a live trace, which receives the first condition that fails, at
 * line 0 with subject "the method"), so the two cannot drift apart.
 */
final class MethodGates {

    private MethodGates() {
    }

    /**
     * @return true if {@code m} is main code (not in a test source file); otherwise writes the missing condition
     */
    static boolean mainCode(MethodRef m, RuleTrace trace) {
        if (m.file().test()) {
            trace.missing(0, "the method", "main code: test code is not checked");
            return false;
        }
        return true;
    }

    /**
     * @return true if {@code m} is main code with a body holding at least one call; otherwise writes the first
     *         missing condition
     */
    static boolean mainCodeWithCalls(MethodRef m, RuleTrace trace) {
        if (!mainCode(m, trace)) {
            return false;
        }
        if (!m.method().hasBody() || m.method().body().calls().isEmpty()) {
            trace.missing(0, "the method", "a body with calls");
            return false;
        }
        return true;
    }

    /**
     * @return true if {@code m} is main code with a body; otherwise writes "main code with a body" with what is
     *         missing (test code, or no body)
     */
    static boolean mainCodeWithBody(MethodRef m, RuleTrace trace) {
        if (m.file().test() || !m.method().hasBody()) {
            trace.missing(0, "the method", "main code with a body: " + (m.file().test() ? "this is test code"
                    : "the method has no body"));
            return false;
        }
        return true;
    }
}
