package io.idemcheck.core.facts;

import java.util.List;

/**
 * A method call inside a method body, in evaluation order (arguments and receivers come before the call).
 *
 * @param id         index of this call in {@link Body#calls()}, also its evaluation order
 * @param name       method name
 * @param receiver   receiver expression
 * @param args       arguments
 * @param range      source region of the whole call expression
 * @param text       source text of the call (at most 300 characters)
 * @param use        how the result is used
 * @param assignedTo for {@link Use#ASSIGNED}, the variable that receives the result (possibly through an expression
 *                   such as {@code n == 1}); otherwise null
 * @param loopIds    ids of enclosing loops, outermost first
 * @param arms       enclosing branch arms, outermost first
 * @param guardIds   ids of guards ({@link Body#guards()}) in force here
 * @param lambdaId   innermost enclosing lambda id, or -1
 * @param catchDepth number of enclosing catch blocks
 */
public record CallSite(int id, String name, Receiver receiver, List<Arg> args, Range range, String text, Use use,
                       String assignedTo, List<Integer> loopIds, List<Arm> arms, List<Integer> guardIds, int lambdaId,
                       int catchDepth) implements java.io.Serializable {

    public CallSite {
        name = Shared.of(name);
        text = Shared.of(text);
        assignedTo = Shared.of(assignedTo);
        args = List.copyOf(args);
        loopIds = List.copyOf(loopIds);
        arms = List.copyOf(arms);
        guardIds = List.copyOf(guardIds);
    }

    public int argCount() {
        return args.size();
    }

    /**
     * True for the call a method reference stands for ({@code forEach(this::publish)} is read as
     * {@code forEach(x -> this.publish(x))}): its text is the reference itself, with {@code ::} and no parentheses.
     * Its argument count is a guess (the element when its owner iterates, none otherwise), so the call graph matches
     * it by name whatever the arity.
     */
    public boolean methodReference() {
        return text.indexOf('(') < 0 && text.contains("::");
    }

    /** How a call's result is used. */
    public enum Use {
        DISCARDED, ASSIGNED, CONDITION, RETURNED, ARGUMENT, RECEIVER, OTHER
    }

    /**
     * One arm of a branch: {@code branchId} identifies the if/switch/try, {@code arm} which part (0 = then / try
     * block, 1 = else / first catch, ...; -1 = finally).
     */
    public record Arm(int branchId, int arm, boolean isTry) implements java.io.Serializable {
    }

    /**
     * True when no execution can run both calls: they sit in different arms of one if/else or switch, or in two
     * different catch blocks. A try block and its catch block are not exclusive (the catch runs after part of the
     * try).
     */
    public boolean exclusiveWith(CallSite other) {
        for (Arm a : arms) {
            for (Arm b : other.arms) {
                if (a.branchId == b.branchId && a.arm != b.arm) {
                    if (a.isTry && (a.arm == 0 || b.arm == 0 || a.arm == -1 || b.arm == -1)) {
                        continue;
                    }
                    return true;
                }
            }
        }
        return false;
    }
}
