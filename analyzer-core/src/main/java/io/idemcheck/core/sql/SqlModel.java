package io.idemcheck.core.sql;

import io.idemcheck.core.facts.AnnotationFact;
import io.idemcheck.core.facts.MethodFacts;
import io.idemcheck.core.finding.Diagnostic;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.index.ProjectIndex;
import io.idemcheck.core.index.TypeEntry;
import io.idemcheck.core.sql.mybatis.MapperXmlReader;
import io.idemcheck.core.sql.mybatis.SqlShape;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The SQL statements a project declares, linked to the Java methods that run them: MyBatis annotations
 * ({@code @Update}, {@code @Insert}, {@code @Delete}, {@code @Select}, including {@code <script>} bodies), Spring Data
 * {@code @Query} (JPQL and native), and MyBatis mapper XML statements (added with {@link #addXml}). Every text goes
 * through the one {@link SqlClassifier}. A statement that cannot be parsed stays in the model as unknown SQL with a
 * diagnostic.
 */
public final class SqlModel {

    private static final List<String> MYBATIS = List.of("Update", "Insert", "Delete", "Select");
    private final SqlClassifier classifier;
    /** Flattens annotation {@code <script>} bodies, with the catalog's status and fencing columns. */
    private final MapperXmlReader scripts;
    private final Map<String, List<SqlStatement>> byMethod = new LinkedHashMap<>();
    private final List<SqlStatement> all = new ArrayList<>();
    private final List<Diagnostic> diagnostics = new ArrayList<>();

    public SqlModel(SqlClassifier classifier) {
        this.classifier = classifier;
        this.scripts = new MapperXmlReader(classifier.catalog());
    }

    /** Collects the annotation SQL of every method in the index. */
    public static SqlModel fromAnnotations(ProjectIndex index, SqlClassifier classifier) {
        SqlModel model = new SqlModel(classifier);
        for (TypeEntry t : index.types()) {
            for (MethodFacts m : t.type().methods()) {
                for (AnnotationFact a : m.annotations()) {
                    String sql = a.strings().get("value");
                    if (sql == null) {
                        continue;
                    }
                    SqlStatement.Source src;
                    if (MYBATIS.contains(a.simpleName())) {
                        src = SqlStatement.Source.MYBATIS_ANNOTATION;
                    } else if (a.simpleName().equals("Query")) {
                        src = SqlStatement.Source.JPA_QUERY;
                        boolean nativeQuery = "true".equals(a.value("nativeQuery"));
                        if (!nativeQuery) {
                            sql = jpqlToSql(sql, index);
                        }
                    } else {
                        continue;
                    }
                    List<SqlFacts> shapes = new ArrayList<>();
                    if (sql.trim().startsWith("<script>")) {
                        for (SqlShape shape : model.scripts.flattenScript(sql)) {
                            shapes.add(classifier.classify(shape.sql()));
                        }
                    }
                    if (shapes.isEmpty()) {
                        shapes.add(classifier.classify(sql));
                    }
                    SqlFacts f = shapes.get(0);
                    String id = t.fqn() + "#" + m.name();
                    model.add(new SqlStatement(src, t.fqn(), m.name(), id, t.file().relPath(), a.range(), shapes,
                            false));
                    if (f.kind() == SqlFacts.Kind.UNKNOWN) {
                        model.diagnostics.add(new Diagnostic(Diagnostic.Kind.SQL_UNPARSED, t.file().relPath(),
                                a.range().line(), a.range().column(), "SQL of " + t.type().simpleName() + "."
                                + m.name() + "() not understood (kept as unknown SQL): " + f.error()));
                    }
                }
            }
        }
        return model;
    }

    /**
     * Adds the statements of MyBatis mapper XML files: namespace to mapper type, statement id to method name. Every
     * shape is classified; a statement none of whose shapes parses gets a diagnostic at its element.
     */
    public void addXml(List<io.idemcheck.core.sql.mybatis.MapperFile> files) {
        for (io.idemcheck.core.sql.mybatis.MapperFile f : files) {
            if (!f.isMapper()) {
                continue;
            }
            diagnostics.addAll(f.diagnostics());
            for (io.idemcheck.core.sql.mybatis.MapperStatement ms : f.statements()) {
                List<SqlFacts> shapes = new ArrayList<>();
                for (SqlShape shape : ms.shapes()) {
                    shapes.add(classifier.classify(shape.sql()));
                }
                SqlStatement st = new SqlStatement(SqlStatement.Source.MAPPER_XML, ms.namespace(), ms.id(),
                        ms.fullId(), f.relPath(), ms.elementRange(), shapes, ms.truncated());
                add(st);
                if (st.unknown() && !ms.shapes().isEmpty() && !ms.shapes().get(0).sql().isBlank()) {
                    diagnostics.add(new Diagnostic(Diagnostic.Kind.SQL_UNPARSED, f.relPath(),
                            ms.elementRange().line(), ms.elementRange().column(), "statement " + ms.fullId()
                            + " not understood (kept as unknown SQL): " + shapes.get(0).error()));
                }
            }
        }
    }

    /** Adds a statement; statements linked to a method are found by {@link #statementsFor}. */
    public void add(SqlStatement s) {
        all.add(s);
        if (s.ownerType() != null && s.method() != null) {
            byMethod.computeIfAbsent(s.ownerType() + "#" + s.method(), k -> new ArrayList<>()).add(s);
        }
    }

    /** Adds a diagnostic produced while collecting statements. */
    public void addDiagnostic(Diagnostic d) {
        diagnostics.add(d);
    }

    public SqlClassifier classifier() {
        return classifier;
    }

    /** The statements run by a mapper or repository method (by declaring type and name), possibly empty. */
    public List<SqlStatement> statementsFor(MethodRef m) {
        return byMethod.getOrDefault(m.owner().fqn() + "#" + m.method().name(), List.of());
    }

    /** The statements run by {@code type#method}, possibly empty. */
    public List<SqlStatement> statementsFor(String typeFqn, String method) {
        return byMethod.getOrDefault(typeFqn + "#" + method, List.of());
    }

    /** Every statement, in the order they were collected. */
    public List<SqlStatement> statements() {
        return Collections.unmodifiableList(all);
    }

    public List<Diagnostic> diagnostics() {
        return Collections.unmodifiableList(diagnostics);
    }

    /**
     * Rewrites JPQL to SQL that JSqlParser reads: named parameters become {@code ?}, positional {@code ?1} become
     * {@code ?}, and entity names become table names (the entity's {@code @Table(name)} or {@code @TableName}, else
     * the class name in snake case, as Spring Boot's default physical naming does). Attribute paths {@code t.status}
     * keep their last segment as the column, also in snake case.
     */
    static String jpqlToSql(String jpql, ProjectIndex index) {
        String s = jpql.replaceAll(":[A-Za-z_][A-Za-z0-9_]*", "?").replaceAll("\\?\\d+", "?");
        java.util.regex.Matcher m = java.util.regex.Pattern
                .compile("(?i)\\b(update|from|into|join)\\s+([A-Z][A-Za-z0-9_]*)").matcher(s);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(sb, m.group(1) + " " + tableOfEntity(m.group(2), index));
        }
        m.appendTail(sb);
        java.util.regex.Matcher cols = java.util.regex.Pattern.compile("\\b([a-z][A-Za-z0-9_]*)\\.([a-z][A-Za-z0-9]*)")
                .matcher(sb.toString());
        StringBuilder out = new StringBuilder();
        while (cols.find()) {
            cols.appendReplacement(out, cols.group(1) + "." + snake(cols.group(2)));
        }
        cols.appendTail(out);
        return out.toString();
    }

    /** The table an entity class maps to (types looked up by simple name: constant time, not a pass over the index). */
    public static String tableOfEntity(String simpleName, ProjectIndex index) {
        for (TypeEntry t : index.typesNamed(simpleName)) {
            if (index.findType(t.fqn()).orElse(null) == t) { // the declaration the index holds for this name, as types() gives
                for (String ann : List.of("Table", "TableName")) {
                    AnnotationFact a = t.type().annotation(ann);
                    if (a != null) {
                        String n = a.strings().get("name") != null ? a.strings().get("name") : a.strings().get("value");
                        if (n != null && !n.isBlank()) {
                            return n;
                        }
                    }
                }
            }
        }
        return snake(simpleName);
    }

    /** camelCase or PascalCase to snake_case, lower case. */
    public static String snake(String name) {
        return name.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT);
    }
}
