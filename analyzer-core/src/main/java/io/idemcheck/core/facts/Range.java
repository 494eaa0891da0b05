package io.idemcheck.core.facts;

/**
 * A source region: 1-based lines and columns, {@code endColumn} exclusive.
 */
public record Range(int line, int column, int endLine, int endColumn) implements java.io.Serializable {

    public static final Range NONE = new Range(1, 1, 1, 1);
}
