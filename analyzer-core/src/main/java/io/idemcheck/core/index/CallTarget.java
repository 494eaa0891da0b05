package io.idemcheck.core.index;

import io.idemcheck.core.facts.CallSite;

import java.util.List;

/**
 * What a call site resolves to.
 *
 * @param call         the call
 * @param receiverType the receiver's type: the declared type of the variable or field, the enclosing class for
 *                     unqualified calls, the chain root's type for calls chained on a library object
 *                     ({@code webClient.post().uri(..)}), or {@link ResolvedType#UNKNOWN}
 * @param targets      project methods it may run (several for an interface with several implementations)
 * @param declared     the project method matched by name and arity on the receiver type before interface dispatch,
 *                     or null
 */
public record CallTarget(CallSite call, ResolvedType receiverType, List<MethodRef> targets, MethodRef declared) {

    public CallTarget {
        targets = List.copyOf(targets);
    }
}
