package io.idemcheck.core.facts;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a method body does, reduced from its syntax tree: the calls in evaluation order and the structure around them.
 * Rules read this instead of the AST, which is dropped after extraction. {@code tries} are the try statements
 * with catch clauses, {@code creations} the {@code new T(..)} expressions (anonymous classes included),
 * {@code returnedNames} the names the method's own {@code return} statements read ({@code return n;} gives n; a
 * return inside a lambda is the lambda's and adds nothing), {@code exits} how the body leaves by throwing and which
 * of its calls could make it or its ifs leave ({@link ExitFacts}).
 */
public record Body(List<CallSite> calls, List<LoopFact> loops, List<GuardFact> guards, List<LambdaFact> lambdas,
                   Map<String, LocalVar> locals, List<TryFact> tries, List<NewFact> creations,
                   Set<String> returnedNames, ExitFacts exits) implements java.io.Serializable {

    public static final Body EMPTY = new Body(List.of(), List.of(), List.of(), List.of(), Map.of());

    public Body {
        calls = List.copyOf(calls);
        loops = List.copyOf(loops);
        guards = List.copyOf(guards);
        lambdas = List.copyOf(lambdas);
        locals = Shared.map(locals);
        tries = tries == null ? List.of() : List.copyOf(tries);
        creations = creations == null ? List.of() : List.copyOf(creations);
        returnedNames = returnedNames == null ? Set.of() : Shared.set(returnedNames);
        exits = exits == null ? ExitFacts.NONE : exits;
    }

    /** A body without exit facts. */
    public Body(List<CallSite> calls, List<LoopFact> loops, List<GuardFact> guards, List<LambdaFact> lambdas,
                Map<String, LocalVar> locals, List<TryFact> tries, List<NewFact> creations, Set<String> returnedNames) {
        this(calls, loops, guards, lambdas, locals, tries, creations, returnedNames, ExitFacts.NONE);
    }

    /** A body without returned names. */
    public Body(List<CallSite> calls, List<LoopFact> loops, List<GuardFact> guards, List<LambdaFact> lambdas,
                Map<String, LocalVar> locals, List<TryFact> tries, List<NewFact> creations) {
        this(calls, loops, guards, lambdas, locals, tries, creations, Set.of());
    }

    /** A body without try or creation facts. */
    public Body(List<CallSite> calls, List<LoopFact> loops, List<GuardFact> guards, List<LambdaFact> lambdas,
                Map<String, LocalVar> locals) {
        this(calls, loops, guards, lambdas, locals, List.of(), List.of());
    }

    /**
     * The calls that {@code c}'s enclosing lambdas are passed to, innermost lambda first ({@code execute(() -> {
     * retry(() -> c()); })} gives {@code retry}, then {@code execute}); a lambda passed to no call (assigned to a
     * variable) adds nothing. Empty when {@code c} is not inside a lambda.
     */
    public List<CallSite> lambdaOwners(CallSite c) {
        if (c.lambdaId() < 0) {
            return List.of();
        }
        List<CallSite> out = new ArrayList<>(2);
        for (int lam = c.lambdaId(); lam >= 0; lam = lambdas.get(lam).parentId()) {
            LambdaFact lf = lambdas.get(lam);
            if (lf.ownerCallId() >= 0) {
                out.add(calls.get(lf.ownerCallId()));
            }
        }
        return out;
    }
}
