package io.idemcheck.core.finding;

/**
 * A region in a scanned file. Lines and columns are 1-based; {@code endColumn} is exclusive (the column just after
 * the last character), as in SARIF. {@code path} is relative to the scan's source root, with forward slashes.
 *
 * @param path        file path relative to the source root, '/' separated, never absolute
 * @param startLine   1-based first line
 * @param startColumn 1-based first column
 * @param endLine     1-based last line (inclusive)
 * @param endColumn   1-based column after the last character (exclusive)
 * @param label       what this place is, for related locations and code-flow steps ("charge() performs the payment");
 *                    may be null for a primary location
 */
public record Location(String path, int startLine, int startColumn, int endLine, int endColumn, String label)
        implements java.io.Serializable {

    public Location {
        if (startLine < 1 || startColumn < 1 || endLine < startLine) {
            throw new IllegalArgumentException("bad region " + startLine + ":" + startColumn + "-" + endLine + ":" + endColumn);
        }
    }

    /** The same region with another label. */
    public Location withLabel(String newLabel) {
        return new Location(path, startLine, startColumn, endLine, endColumn, newLabel);
    }
}
