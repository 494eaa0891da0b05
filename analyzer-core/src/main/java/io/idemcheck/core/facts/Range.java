package io.idemcheck.core.facts;

/**
 * A source region: 1-based lines and columns, {@code endColumn} exclusive.
 */
public record Range(int line, int column, int endLine, int endColumn) implements java.io.Serializable {

    public static final Range NONE = new Range(1, 1, 1, 1);

    /** True when {@code inner} lies within this region (its start not before this start, its end not after this end). */
    public boolean contains(Range inner) {
        boolean startOk = line < inner.line || line == inner.line && column <= inner.column;
        boolean endOk = endLine > inner.endLine || endLine == inner.endLine && endColumn >= inner.endColumn;
        return startOk && endOk;
    }
}
