package io.idemcheck.core.facts;

import io.idemcheck.core.util.Ordered;

import java.util.List;
import java.util.Set;

/**
 * A loop: for, for-each, while, do, or a lambda passed to an iterating method ({@code forEach}, stream stages).
 *
 * @param id       index in {@link Body#loops()}
 * @param kind     "for", "foreach", "while", "do", or "lambda:forEach" (the method the lambda was passed to)
 * @param vars     the per-iteration variables (for-each variable, lambda parameters, variables assigned in a while
 *                 condition such as {@code (t = queue.poll()) != null})
 * @param iterable text of the iterated expression or condition (at most 300 characters)
 * @param names    names read by the iterated expression or condition
 * @param range    source region of the loop
 */
public record LoopFact(int id, String kind, List<String> vars, String iterable, Set<String> names, Range range) implements java.io.Serializable {

    public LoopFact {
        vars = List.copyOf(vars);
        names = Ordered.set(names);
    }
}
