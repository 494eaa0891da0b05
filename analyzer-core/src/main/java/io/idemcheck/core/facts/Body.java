package io.idemcheck.core.facts;

import java.util.List;
import java.util.Map;

/**
 * What a method body does, reduced from its syntax tree: the calls in evaluation order and the structure around them.
 * Rules read this instead of the AST, which is dropped after extraction.
 */
public record Body(List<CallSite> calls, List<LoopFact> loops, List<GuardFact> guards, List<LambdaFact> lambdas,
                   Map<String, LocalVar> locals) {

    public static final Body EMPTY = new Body(List.of(), List.of(), List.of(), List.of(), Map.of());

    public Body {
        calls = List.copyOf(calls);
        loops = List.copyOf(loops);
        guards = List.copyOf(guards);
        lambdas = List.copyOf(lambdas);
        locals = Map.copyOf(locals);
    }
}
