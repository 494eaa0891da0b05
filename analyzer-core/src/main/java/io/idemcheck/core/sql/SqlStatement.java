package io.idemcheck.core.sql;

import io.idemcheck.core.catalog.Terms;
import io.idemcheck.core.facts.Range;

import java.util.List;

/**
 * One SQL statement the project runs, linked to the Java method that runs it, with the facts of each of its shapes
 * (a MyBatis statement with dynamic SQL has several; the others have one).
 *
 * @param source     where the SQL text comes from
 * @param ownerType  fully qualified name of the mapper, repository or class whose method runs it (may be null)
 * @param method     name of that method (may be null for statements not linked to a method)
 * @param id         display id: the mapper statement id ("com.acme.TaskMapper.updateStatus") or "Type#method"
 * @param relPath    file that holds the SQL text (the mapper XML or the Java file), relative to the source root
 * @param range      region of the statement (XML element, annotation, string literal)
 * @param shapes     the facts of every shape; never empty
 * @param truncated  true when not every shape was enumerated (a diagnostic says so)
 */
public record SqlStatement(Source source, String ownerType, String method, String id, String relPath, Range range,
                           List<SqlFacts> shapes, boolean truncated) {

    public SqlStatement {
        shapes = List.copyOf(shapes);
        if (shapes.isEmpty()) {
            throw new IllegalArgumentException("a statement has at least one shape");
        }
    }

    /** The origin of a statement's text. */
    public enum Source {
        MAPPER_XML, MYBATIS_ANNOTATION, JPA_QUERY, JDBC_STRING, MYBATIS_PLUS_WRAPPER, MYBATIS_GENERATOR_EXAMPLE,
        ENTITY_SAVE, DERIVED_QUERY,
        /** A jDBI SQL-object annotation's text ({@code @SqlUpdate("UPDATE ...")}). */
        JDBI_ANNOTATION,
        /** A jDBI SQL-object method's statement found by a locator: a {@code .sql.stg} template or a per-method file. */
        JDBI_TEMPLATE;

        /** True for SQL declared once for a data-access method (mapper XML, annotations, templates), not per call. */
        public boolean declared() {
            return this == MAPPER_XML || this == MYBATIS_ANNOTATION || this == JPA_QUERY || this == JDBI_ANNOTATION
                    || this == JDBI_TEMPLATE;
        }
    }

    /** The statement kind of its first parsed shape, or UNKNOWN when no shape parsed. */
    public SqlFacts.Kind kind() {
        for (SqlFacts s : shapes) {
            if (s.kind() != SqlFacts.Kind.UNKNOWN) {
                return s.kind();
            }
        }
        return SqlFacts.Kind.UNKNOWN;
    }

    /** True when some shape sets a status-like column. */
    public boolean statusWrite() {
        return shapes.stream().anyMatch(SqlFacts::statusWrite);
    }

    /**
     * True when every shape that writes status constrains the current status, a version, owner or lease column:
     * one blind shape (a dynamic {@code <if>} that may drop the predicate) makes the statement blind.
     */
    public boolean conditional() {
        return statusWrite() && shapes.stream().filter(SqlFacts::statusWrite).allMatch(SqlFacts::conditional);
    }

    /** True when the statement is conditional and moves rows into a non-terminal state (see {@link SqlFacts#claims}). */
    public boolean claims(Terms terminal) {
        return conditional() && shapes.stream().filter(SqlFacts::statusWrite).anyMatch(f -> f.claims(terminal));
    }

    /** True when some shape is a plain INSERT (not an upsert). */
    public boolean inserts() {
        return shapes.stream().anyMatch(s -> s.kind() == SqlFacts.Kind.INSERT);
    }

    /** The target table of the first shape that names one, or null. */
    public String table() {
        for (SqlFacts s : shapes) {
            if (s.table() != null) {
                return s.table();
            }
        }
        return null;
    }

    /** True when no shape could be parsed. */
    public boolean unknown() {
        return kind() == SqlFacts.Kind.UNKNOWN;
    }
}
