package io.idemcheck.core.facts;

import io.idemcheck.core.util.Ordered;

import java.util.List;
import java.util.Set;

/**
 * A try statement with at least one catch clause.
 *
 * @param branchId     the id used in {@link CallSite.Arm#branchId()} for the calls inside it
 * @param range        region of the whole statement
 * @param loopIds      ids of the enclosing loops, outermost first
 * @param lambdaId     innermost enclosing lambda, or -1
 * @param firstCallId  id of the first call of the try block
 * @param endCallId    id after the last call of the try block (exclusive)
 * @param leavesLoop   the try block contains a {@code break} or {@code return} that leaves the innermost enclosing
 *                     loop (the success path ends the loop)
 * @param assigned     names assigned in the try block ({@code done = true})
 * @param catches      the catch clauses, in order
 */
public record TryFact(int branchId, Range range, List<Integer> loopIds, int lambdaId, int firstCallId, int endCallId,
                      boolean leavesLoop, Set<String> assigned, List<Catch> catches) implements java.io.Serializable {

    public TryFact {
        loopIds = List.copyOf(loopIds);
        assigned = Ordered.set(assigned);
        catches = List.copyOf(catches);
    }

    /**
     * One catch clause.
     *
     * @param types       caught types as written (several for a multi-catch)
     * @param param       the exception variable
     * @param range       region of the clause
     * @param firstCallId id of its first call
     * @param endCallId   id after its last call (exclusive)
     * @param leaves      the block ends with {@code throw}, {@code return} or {@code break} (it never falls through
     *                    to the next iteration)
     * @param empty       the block has no statements
     * @param rethrows    the block ends with {@code throw} (the exception, or another, propagates)
     */
    public record Catch(List<String> types, String param, Range range, int firstCallId, int endCallId, boolean leaves,
                        boolean empty, boolean rethrows) implements java.io.Serializable {
        public Catch {
            types = List.copyOf(types);
        }
    }
}
