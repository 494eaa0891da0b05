package io.idemcheck.core.sql.mybatis;

import io.idemcheck.core.finding.Diagnostic;
import java.util.List;

/**
 * The result of reading one XML file as a MyBatis mapper.
 *
 * <p>A file whose root element is not {@code <mapper>} (a Spring beans file, a pom, a logback config) is returned as
 * a non-mapper: {@code namespace} is null, {@link #isMapper()} is false and there are no statements nor diagnostics
 * (reading stops at the root start tag, so errors later in a non-mapper are not looked for). A file that is not
 * well-formed is a mapper with a {@link Diagnostic.Kind#PARSE_ERROR} diagnostic (with line and column) and no
 * statements when its root element is {@code <mapper>} or, when the error comes before any root element, when the
 * text mentions the MyBatis mapper DTD or a {@code <mapper} tag; otherwise (an empty file, text that is not XML) it is
 * a non-mapper with one {@link Diagnostic.Kind#INFO} diagnostic. A file that
 * cannot be read at all is a mapper with namespace "", no statements and an {@link Diagnostic.Kind#IO_ERROR}.
 *
 * @param relPath     the file relative to the source root, '/' separated
 * @param namespace   the mapper's namespace attribute, "" when absent; null when the file is not a mapper
 * @param statements  the statements in document order
 * @param diagnostics problems met while reading (never thrown)
 */
public record MapperFile(String relPath, String namespace, List<MapperStatement> statements,
                         List<Diagnostic> diagnostics) {

    /**
     * Creates a result; the lists are copied.
     *
     * @param relPath     the file relative to the source root
     * @param namespace   the namespace, "" when absent, null for a non-mapper
     * @param statements  the statements
     * @param diagnostics the diagnostics
     */
    public MapperFile {
        statements = List.copyOf(statements);
        diagnostics = List.copyOf(diagnostics);
    }

    /**
     * Whether this file is a MyBatis mapper.
     *
     * @return true when the root element is {@code <mapper>}; same as {@code namespace() != null}
     */
    public boolean isMapper() {
        return namespace != null;
    }
}
