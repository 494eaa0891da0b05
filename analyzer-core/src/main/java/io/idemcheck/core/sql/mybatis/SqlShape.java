package io.idemcheck.core.sql.mybatis;

import io.idemcheck.core.facts.Range;
import java.util.List;
import java.util.Objects;

/**
 * One possible text of a MyBatis statement after its dynamic SQL was flattened, with a map from every char back to the
 * mapper XML that produced it.
 *
 * <p>The SQL text has each {@code #{...}} and {@code ${...}} placeholder replaced by {@code ?}; every run of
 * whitespace (spaces, tabs, newlines, blank lines) is collapsed to one space, and the text is trimmed, so it is a
 * single line that JSqlParser reads as one statement.
 *
 * <p>The position map is stored compactly (one int per char for the line, one for the column, one small index for
 * the file). Chars copied from the XML map to where they were written (inside CDATA, across lines, after entity
 * decoding: an entity maps to its '&amp;'); a {@code ?} maps to the '#' or '$' of its placeholder; text synthesized
 * by an element ({@code WHERE}, {@code SET}, a {@code trim} prefix/suffix, {@code foreach} open/close) maps to that
 * attribute value or, for WHERE/SET, to the '&lt;' of the element; a collapsed whitespace run maps to its first char.
 * Text from another file (through {@code <include>}) maps to that file.
 */
public final class SqlShape {

    /**
     * A position in a source file.
     *
     * @param relPath file relative to the source root, '/' separated, as given to {@link MapperXmlReader}
     * @param line    1-based line
     * @param column  1-based column, counted in UTF-16 chars (a tab counts as one)
     */
    public record Position(String relPath, int line, int column) {
    }

    private final String sql;
    private final List<String> choices;
    private final String[] files;
    private final byte[] fileIndex;
    private final int[] lines;
    private final int[] columns;

    SqlShape(String sql, List<String> choices, String[] files, byte[] fileIndex, int[] lines, int[] columns) {
        if (lines.length != sql.length() || columns.length != sql.length() || fileIndex.length != sql.length()) {
            throw new IllegalArgumentException("position map length differs from the SQL length");
        }
        this.sql = sql;
        this.choices = List.copyOf(choices);
        this.files = files;
        this.fileIndex = fileIndex;
        this.lines = lines;
        this.columns = columns;
    }

    /**
     * The flattened SQL text.
     *
     * @return the SQL, placeholders replaced by {@code ?}, whitespace collapsed to single spaces, trimmed; may be
     *         empty for an empty statement
     */
    public String sql() {
        return sql;
    }

    /**
     * The branch decisions that produced this shape, in document order, one string each:
     * {@code if[<test>]=true}, {@code if[<test>]=false}, {@code choose=when[<test>]}, {@code choose=otherwise} or
     * {@code choose=none} (no branch of a choose without otherwise). Only decisions that were enumerated (branches
     * touching status, version, owner or lease columns) are listed; other {@code <if>}s are assumed taken and other
     * {@code <choose>}s assumed to take their first {@code <when>}, without an entry.
     *
     * @return the decisions, unmodifiable; empty for a static statement
     */
    public List<String> choices() {
        return choices;
    }

    /**
     * The length of the SQL.
     *
     * @return {@code sql().length()}, in chars
     */
    public int length() {
        return sql.length();
    }

    /**
     * The source position of the char that produced {@code sql().charAt(index)}.
     *
     * @param index a char index in {@link #sql()}, 0-based
     * @return its position (never null)
     * @throws IndexOutOfBoundsException if {@code index} is negative or not less than {@link #length()}
     */
    public Position positionOf(int index) {
        Objects.checkIndex(index, sql.length());
        return new Position(files[fileIndex[index]], lines[index], columns[index]);
    }

    /**
     * A source range covering {@code sql().substring(start, end)}: from the position of its first char to one column
     * past the position of its last char. When the two ends lie in different files, or the end maps before the start
     * (synthesized text), the range covers the first char only.
     *
     * @param start first char index, inclusive
     * @param end   last char index, exclusive; greater than {@code start}
     * @return the range, 1-based lines and columns, end column exclusive
     * @throws IndexOutOfBoundsException if the indexes are out of bounds or {@code end <= start}
     */
    public Range rangeOf(int start, int end) {
        Objects.checkFromToIndex(start, end, sql.length());
        if (end <= start) {
            throw new IndexOutOfBoundsException("empty range " + start + ".." + end);
        }
        int last = end - 1;
        boolean sameFile = fileIndex[start] == fileIndex[last];
        boolean ordered = lines[last] > lines[start] || (lines[last] == lines[start] && columns[last] >= columns[start]);
        if (sameFile && ordered) {
            return new Range(lines[start], columns[start], lines[last], columns[last] + 1);
        }
        return new Range(lines[start], columns[start], lines[start], columns[start] + 1);
    }

    /**
     * The file that produced one char.
     *
     * @param index a char index in {@link #sql()}, 0-based
     * @return the relative path, same as {@code positionOf(index).relPath()}
     * @throws IndexOutOfBoundsException if {@code index} is out of bounds
     */
    public String fileOf(int index) {
        Objects.checkIndex(index, sql.length());
        return files[fileIndex[index]];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SqlShape other && sql.equals(other.sql) && choices.equals(other.choices);
    }

    @Override
    public int hashCode() {
        return sql.hashCode() * 31 + choices.hashCode();
    }

    @Override
    public String toString() {
        return "SqlShape[" + sql + ", choices=" + choices + "]";
    }
}
