package io.idemcheck.core.facts;

import java.util.List;

/**
 * An object creation ({@code new T(..)}) in a method body.
 *
 * @param type       the type as written, without type arguments ("FixedBackOff", "org.x.Y")
 * @param args       source text of each argument (at most 300 characters each)
 * @param range      region of the expression
 * @param text       source text (at most 300 characters)
 * @param assignedTo the local variable or field it is assigned to, or null
 * @param ownerCallId the call it is an argument of (directly), or -1 when that call is numbered later or absent
 * @param lambdaId   innermost enclosing lambda, or -1
 */
public record NewFact(String type, List<String> args, Range range, String text, String assignedTo, int ownerCallId,
                      int lambdaId) implements java.io.Serializable {

    public NewFact {
        args = List.copyOf(args);
    }

    /** The simple name of the created type. */
    public String simpleName() {
        int i = type.lastIndexOf('.');
        return i < 0 ? type : type.substring(i + 1);
    }
}
