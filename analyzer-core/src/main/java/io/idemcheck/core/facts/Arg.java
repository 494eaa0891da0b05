package io.idemcheck.core.facts;

import java.util.Set;

/**
 * One argument of a call.
 *
 * @param text        source text (at most 300 characters)
 * @param names       simple names the expression reads (variables and call scopes), e.g. {@code t.getId()} gives t
 * @param callIds     ids of calls inside the argument
 * @param stringValue value when the argument is a compile-time string; null otherwise
 */
public record Arg(String text, Set<String> names, Set<Integer> callIds, String stringValue) implements java.io.Serializable {

    public Arg {
        text = Shared.of(text);
        stringValue = Shared.of(stringValue);
        names = Shared.set(names);
        callIds = Shared.ids(callIds);
    }
}
