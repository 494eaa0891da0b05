package io.idemcheck.core.sql.mybatis;

import io.idemcheck.core.facts.Range;
import java.util.List;

/**
 * One {@code <select>}, {@code <insert>}, {@code <update>} or {@code <delete>} of a MyBatis mapper XML, with the
 * possible texts of its dynamic SQL.
 *
 * @param namespace   the mapper's namespace ("" when the mapper has none)
 * @param id          the statement id as written
 * @param kind        the element name: "select", "insert", "update" or "delete"
 * @param elementRange from the '&lt;' of the start tag to after the '&gt;' of the end tag: 1-based lines and columns,
 *                    end column exclusive, in the mapper file
 * @param idRange     the value of the id attribute (between the quotes), or the start tag when there is no id
 * @param shapes      the flattened SQL texts, at most {@link MapperXmlReader#MAX_SHAPES}, at least one, distinct by
 *                    SQL text (an empty statement yields one shape with empty SQL)
 * @param truncated   true when there were more shapes than {@link MapperXmlReader#MAX_SHAPES} and only the first
 *                    ones are listed (the file then carries an INFO diagnostic)
 */
public record MapperStatement(String namespace, String id, String kind, Range elementRange, Range idRange,
                              List<SqlShape> shapes, boolean truncated) {

    /**
     * Creates a statement; {@code shapes} is copied.
     *
     * @param namespace    the mapper's namespace
     * @param id           the statement id
     * @param kind         select, insert, update or delete
     * @param elementRange the element's range
     * @param idRange      the id attribute value's range
     * @param shapes       the flattened SQL texts
     * @param truncated    whether shapes were dropped
     */
    public MapperStatement {
        shapes = List.copyOf(shapes);
    }

    /**
     * The fully qualified statement id, the one a Java mapper method binds to (interface name + method name).
     *
     * @return {@code namespace + "." + id}
     */
    public String fullId() {
        return namespace + "." + id;
    }
}
