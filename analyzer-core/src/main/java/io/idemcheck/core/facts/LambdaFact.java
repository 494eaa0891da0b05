package io.idemcheck.core.facts;

import java.util.List;

/**
 * A lambda expression.
 *
 * @param id          index in {@link Body#lambdas()}
 * @param params      parameter names
 * @param ownerCallId the call the lambda is passed to, or -1
 * @param parentId    the enclosing lambda, or -1
 * @param returns     what its body gives back: what a statement that leaves it early must look like
 */
public record LambdaFact(int id, List<String> params, int ownerCallId, int parentId, Returns returns)
        implements java.io.Serializable {

    /**
     * What a lambda's body gives back, as its own {@code return} statements show (those of lambdas and classes inside
     * it are theirs).
     */
    public enum Returns {
        /** A block body with no {@code return <value>;}: a plain {@code return;} leaves it. */
        NOTHING,
        /** A block body with a {@code return <value>;} (a {@code Callable}, a {@code Supplier}): leaving needs a value. */
        VALUE,
        /** An expression body or a method reference: void or a value, as the type it is passed as decides. */
        EXPRESSION
    }

    public LambdaFact {
        params = List.copyOf(params);
        returns = returns == null ? Returns.EXPRESSION : returns;
    }

    /** A lambda whose body is not known ({@link Returns#EXPRESSION}). */
    public LambdaFact(int id, List<String> params, int ownerCallId, int parentId) {
        this(id, params, ownerCallId, parentId, Returns.EXPRESSION);
    }
}
