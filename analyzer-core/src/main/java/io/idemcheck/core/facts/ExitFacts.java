package io.idemcheck.core.facts;

import java.util.List;

/**
 * How a method body leaves by throwing, as far as its own statements show, and the calls that could make it (or one of
 * its ifs) leave: the parse layer's half of "this helper always throws" / "this helper throws unless its argument N is
 * true". The other half, following those calls into the helpers they reach, is a fixpoint over the whole project
 * ({@code io.idemcheck.core.summary.Throwing}).
 *
 * @param throwsUnless {@link #NO}, {@link #ALWAYS}, or N &gt;= 0: the body throws unless its boolean parameter N is
 *                     true ({@code if (!ok) throw ..} before any return)
 * @param delegations  calls that decide it further: a top-level call statement made before any return (the method
 *                     always throws when it does, or throws unless N when it passes parameter N where the callee
 *                     needs a true argument), and the last call of a top-level {@code if (!pN)} with no else
 * @param ifExits      ifs (of any block, no else) whose then-branch ends with a call statement instead of leaving: a
 *                     call to a helper that always throws makes the if an early exit, as {@code if (..) throw ..}
 */
public record ExitFacts(int throwsUnless, List<Delegation> delegations, List<IfExit> ifExits)
        implements java.io.Serializable {

    /** Not known to throw. */
    public static final int NO = -2;
    /** Every run throws. */
    public static final int ALWAYS = -1;
    /** A body with nothing to say. */
    public static final ExitFacts NONE = new ExitFacts(NO, List.of(), List.of());

    public ExitFacts {
        delegations = List.copyOf(delegations);
        ifExits = List.copyOf(ifExits);
    }

    /**
     * A call that makes the method throw when the callee throws: {@code param} -1 for a top-level call statement, N
     * for the last call in the then-branch of a top-level {@code if (!pN)}.
     */
    public record Delegation(int callId, int param) implements java.io.Serializable {
    }

    /**
     * An if with no else whose then-branch ends with the call statement {@code callId}; {@code branch} is the
     * {@link CallSite.Arm#branchId} of its arms.
     */
    public record IfExit(int guardId, int callId, int branch) implements java.io.Serializable {
    }

    /** The if-exit of guard {@code guardId}, or null. */
    public IfExit ifExit(int guardId) {
        for (IfExit x : ifExits) {
            if (x.guardId() == guardId) {
                return x;
            }
        }
        return null;
    }
}
