package io.idemcheck.core.facts;

import java.util.List;

/**
 * A lambda expression.
 *
 * @param id          index in {@link Body#lambdas()}
 * @param params      parameter names
 * @param ownerCallId the call the lambda is passed to, or -1
 * @param parentId    the enclosing lambda, or -1
 */
public record LambdaFact(int id, List<String> params, int ownerCallId, int parentId) implements java.io.Serializable {

    public LambdaFact {
        params = List.copyOf(params);
    }
}
