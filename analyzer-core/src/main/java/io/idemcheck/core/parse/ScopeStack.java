package io.idemcheck.core.parse;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A stack of the scopes around the code a body walk is at (enclosing loops, branch arms, guards, lambdas), innermost
 * on top. Every call site copies some of them outermost first; consecutive calls mostly sit in the same scopes, so
 * that list is made once per change of the stack and shared by those calls, instead of once per call.
 *
 * @param <T> an immutable value
 */
final class ScopeStack<T> {
    private final ArrayDeque<T> items = new ArrayDeque<>();
    private List<T> outermostFirst = List.of();

    /** Enters a scope: {@code item} is the innermost now. */
    void push(T item) {
        items.push(item);
        outermostFirst = null;
    }

    /**
     * Leaves the innermost scope and returns it.
     *
     * @throws java.util.NoSuchElementException when the stack is empty
     */
    T pop() {
        outermostFirst = null;
        return items.pop();
    }

    /** The innermost scope, or null when the stack is empty. */
    T peek() {
        return items.peek();
    }

    /** True when the walk is in no scope of this kind. */
    boolean isEmpty() {
        return items.isEmpty();
    }

    /** How many scopes of this kind enclose the walk's position. */
    int size() {
        return items.size();
    }

    /** The scopes, outermost first: an unmodifiable list, the same instance until the next push or pop. */
    List<T> outermostFirst() {
        if (outermostFirst == null) {
            List<T> out = new ArrayList<>(items);
            Collections.reverse(out);
            outermostFirst = List.copyOf(out);
        }
        return outermostFirst;
    }
}
