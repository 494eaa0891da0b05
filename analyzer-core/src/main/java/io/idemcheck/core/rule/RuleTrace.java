package io.idemcheck.core.rule;

import java.util.ArrayList;
import java.util.List;

/**
 * What a rule decided on one method, step by step, written by the rule when {@code idemcheck explain} asks
 * ({@link Rule#explain}): for each subject it looked at (an effect call, a job entry point, the method itself),
 * the conditions that held, the first condition that was missing (why it did not fire there), or that it fired.
 * The rule writes these from the same code path as its check, so the explanation is what the rule saw.
 *
 * <p>During a scan, rules run with {@link #OFF}: {@link #enabled()} is false and every write is a no-op, so a rule
 * may guard the building of long texts with {@code if (trace.enabled())}. Not thread-safe: one trace per rule and
 * method.
 */
public final class RuleTrace {

    /** The trace of a scan: records nothing. */
    public static final RuleTrace OFF = new RuleTrace(false);

    /** What a step says. */
    public enum Kind {
        /** A condition of the rule that holds for the subject. */
        HELD,
        /** The condition that does not hold for the subject: the rule does not fire on it. */
        MISSING,
        /** The rule fires on the subject (its finding gives the full message). */
        FIRED,
        /** Context the rule considered, neither a condition nor a verdict. */
        NOTE
    }

    /**
     * One step.
     *
     * @param kind    what the step says
     * @param line    the 1-based line of the subject in the explained method's file, or 0 for the method as a whole
     * @param subject what it is about ("doBusiness()", "the job NoonSettlementJob.run()", "the method")
     * @param text    the condition or the context, in words ("a record of the same item follows: ... at line 34")
     */
    public record Step(Kind kind, int line, String subject, String text) {
    }

    private final boolean enabled;
    private final List<Step> steps = new ArrayList<>();

    private RuleTrace(boolean enabled) {
        this.enabled = enabled;
    }

    /** A trace that records what the rule writes to it. */
    public static RuleTrace recording() {
        return new RuleTrace(true);
    }

    /** False for {@link #OFF}: nothing written is kept. */
    public boolean enabled() {
        return enabled;
    }

    /** Records that condition {@code text} holds for {@code subject} at {@code line}. */
    public void held(int line, String subject, String text) {
        add(Kind.HELD, line, subject, text);
    }

    /** Records that condition {@code text} is missing for {@code subject} at {@code line}: no finding there. */
    public void missing(int line, String subject, String text) {
        add(Kind.MISSING, line, subject, text);
    }

    /** Records that the rule fires on {@code subject} at {@code line}, in short ({@code text}). */
    public void fired(int line, String subject, String text) {
        add(Kind.FIRED, line, subject, text);
    }

    /** Records context that is neither a condition nor a verdict. */
    public void note(int line, String subject, String text) {
        add(Kind.NOTE, line, subject, text);
    }

    /** Records {@code text} as held when {@code holds}, else as missing; returns {@code holds}. */
    public boolean require(boolean holds, int line, String subject, String text) {
        add(holds ? Kind.HELD : Kind.MISSING, line, subject, text);
        return holds;
    }

    private void add(Kind kind, int line, String subject, String text) {
        if (enabled) {
            steps.add(new Step(kind, line, subject, text));
        }
    }

    /** The steps in the order the rule wrote them. */
    public List<Step> steps() {
        return List.copyOf(steps);
    }

    /** True when the rule wrote at least one step. */
    public boolean isEmpty() {
        return steps.isEmpty();
    }
}
