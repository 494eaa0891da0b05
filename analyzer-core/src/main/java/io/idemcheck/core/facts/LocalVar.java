package io.idemcheck.core.facts;

import io.idemcheck.core.util.Ordered;

import java.util.Set;

/**
 * A local variable (or loop variable) and what flows into it.
 *
 * @param name        name
 * @param type        declared type; for a {@code var} local the type its initializer makes evident ({@code new T(..)},
 *                    {@code (T) x}), else {@code var} as written; {@link TypeRef#UNKNOWN} for an untyped lambda
 *                    parameter
 * @param sources     names read by its initializer and by later assignments ({@code x = ..}, {@code x.add(..)})
 * @param initCallIds calls whose result flows into it directly (initializer or assignment)
 * @param initText    source text of the initializer (at most 300 characters), or null
 * @param inLoop      declared inside a loop body (or is a loop variable)
 */
public record LocalVar(String name, TypeRef type, Set<String> sources, Set<Integer> initCallIds, String initText,
                       boolean inLoop) implements java.io.Serializable {

    public LocalVar {
        name = Shared.of(name);
        initText = Shared.of(initText);
        sources = Shared.set(sources);
        initCallIds = Shared.ids(initCallIds);
    }
}
