package io.idemcheck.core.sql;

import io.idemcheck.core.catalog.Terms;
import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.facts.AnnotationFact;
import io.idemcheck.core.facts.MethodFacts;
import io.idemcheck.core.facts.Range;
import io.idemcheck.core.finding.Diagnostic;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.index.ProjectIndex;
import io.idemcheck.core.index.ResolvedType;
import io.idemcheck.core.index.TypeEntry;
import io.idemcheck.core.sql.mybatis.MapperXmlReader;
import io.idemcheck.core.sql.mybatis.SqlShape;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

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

    /** Collects the annotation SQL of every main-code method in the index (no jDBI template files). */
    public static SqlModel fromAnnotations(ProjectIndex index, SqlClassifier classifier) {
        return fromAnnotations(index, classifier, SqlObjectTemplates.NONE);
    }

    /**
     * Collects the annotation SQL of every main-code method in the index (test code's is left out): MyBatis and
     * Spring Data annotations, jDBI SQL-object
     * annotations ({@code sqlObjectAnnotations} in the catalog) with their text, and, for a jDBI annotation that names
     * no statement, the statement its locator finds in {@code templates}. A SQL-object type with its own template
     * group also gets the statements of the SQL-object methods it inherits from project supertypes, rendered from its
     * own group (a base DAO's {@code create()} against the subtype's {@code tableName()}).
     */
    public static SqlModel fromAnnotations(ProjectIndex index, SqlClassifier classifier,
                                           SqlObjectTemplates templates) {
        SqlModel model = new SqlModel(classifier);
        Terms sqlObject = classifier.catalog().terms(Vocabulary.SQL_OBJECT_ANNOTATIONS);
        for (TypeEntry t : index.types()) {
            if (t.file().test()) {
                continue; // a test's mapper runs against a test database: no rule reads it (and a scan may not parse it)
            }
            for (MethodFacts m : t.type().methods()) {
                for (AnnotationFact a : m.annotations()) {
                    String sql = a.strings().get("value");
                    if (sqlObject.has(a.simpleName())) {
                        model.addSqlObject(index, t, m, a, sql, t.fqn(), templates);
                        continue;
                    }
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
                    model.addAnnotated(t, m, a, sql, src, t.fqn(), t.file().relPath(), a.range());
                }
            }
            if (templates.hasTemplatesFor(t.fqn())) {
                model.addInherited(index, t, sqlObject, templates);
            }
        }
        for (String problem : templates.problems()) {
            model.diagnostics.add(new Diagnostic(Diagnostic.Kind.SQL_UNPARSED, null, 0, 0,
                    "jDBI template group: " + problem));
        }
        List<String> unread = templates.unreadGroups();
        if (!unread.isEmpty()) {
            model.diagnostics.add(new Diagnostic(Diagnostic.Kind.INFO, null, 0, 0, unread.size() + " jDBI template "
                    + "group" + (unread.size() == 1 ? "" : "s") + " not read: no SQL-object method of the scan looks a "
                    + "statement up in " + (unread.size() == 1 ? "it" : "them") + " (" + String.join(", ", unread.subList(0,
                    Math.min(3, unread.size()))) + (unread.size() > 3 ? ", ..." : "") + ")"));
        }
        return model;
    }

    /** SQL-object methods declared in project supertypes of {@code t}, with the statements of {@code t}'s group. */
    private void addInherited(ProjectIndex index, TypeEntry t, Terms sqlObject,
                              SqlObjectTemplates templates) {
        Set<String> own = new HashSet<>();
        for (MethodFacts m : t.type().methods()) {
            own.add(m.name());
        }
        for (ResolvedType st : index.allSupertypes(t)) {
            TypeEntry s = index.typeOf(st).orElse(null);
            if (s == null || s == t) {
                continue;
            }
            for (MethodFacts m : s.type().methods()) {
                if (!own.add(m.name())) {
                    continue;
                }
                for (AnnotationFact a : m.annotations()) {
                    if (sqlObject.has(a.simpleName()) && a.strings().get("value") == null) {
                        addSqlObject(index, s, m, a, null, t.fqn(), templates);
                    }
                }
            }
        }
    }

    /**
     * One jDBI SQL-object method: its annotation's text when it holds SQL, else the statement the locator finds for
     * {@code ownerFqn} (the annotation's value, when it is a bare name, names the template). Nothing is added when
     * no template exists; a template that renders with errors is added as unknown SQL with a diagnostic, unless the
     * type's group is a base group whose subtypes render it (then it is skipped quietly).
     */
    private void addSqlObject(ProjectIndex index, TypeEntry t, MethodFacts m, AnnotationFact a, String value,
                              String ownerFqn, SqlObjectTemplates templates) {
        if (value != null && !value.isBlank() && !value.trim().matches("[A-Za-z_][A-Za-z0-9_]*")) {
            addAnnotated(t, m, a, value, SqlStatement.Source.JDBI_ANNOTATION, ownerFqn, t.file().relPath(), a.range());
            return;
        }
        String name = value == null || value.isBlank() ? m.name() : value.trim();
        SqlObjectTemplates.Rendered r = templates.render(ownerFqn, name);
        if (r == null) {
            return;
        }
        Range at = new Range(r.line(), 1, r.line(), 1);
        if (r.error() != null) {
            if (ownerFqn.equals(t.fqn()) && index.subtypes(t.fqn()).stream()
                    .anyMatch(sub -> templates.hasTemplatesFor(sub.fqn()))) {
                return;
            }
            diagnostics.add(new Diagnostic(Diagnostic.Kind.SQL_UNPARSED, r.relPath(), r.errorLine(), 1,
                    "template " + name + " for " + ownerFqn + "." + m.name() + "() not rendered (kept as unknown "
                            + "SQL): " + r.error()));
        }
        addAnnotated(t, m, a, r.sql(), SqlStatement.Source.JDBI_TEMPLATE, ownerFqn, r.relPath(), at,
                r.error() == null);
    }

    /** Classifies one annotation's (or template's) text and adds it, with a diagnostic when it does not parse. */
    private void addAnnotated(TypeEntry t, MethodFacts m, AnnotationFact a, String sql, SqlStatement.Source src,
                              String ownerFqn, String relPath, Range range) {
        addAnnotated(t, m, a, sql, src, ownerFqn, relPath, range, true);
    }

    /**
     * As above; {@code diagnose} false when the text's problem was reported already (a template that did not render:
     * its partial text not parsing is the same problem, reported once).
     */
    private void addAnnotated(TypeEntry t, MethodFacts m, AnnotationFact a, String sql, SqlStatement.Source src,
                              String ownerFqn, String relPath, Range range, boolean diagnose) {
        List<SqlFacts> shapes = new ArrayList<>();
        if (sql.trim().startsWith("<script>")) {
            for (SqlShape shape : scripts.flattenScript(sql)) {
                shapes.add(classifier.classify(shape.sql()));
            }
        }
        if (shapes.isEmpty()) {
            shapes.add(classifier.classify(sql));
        }
        SqlFacts f = shapes.get(0);
        String id = ownerFqn + "#" + m.name();
        add(new SqlStatement(src, ownerFqn, m.name(), id, relPath, range, shapes, false));
        if (f.kind() == SqlFacts.Kind.UNKNOWN && src != SqlStatement.Source.JDBI_TEMPLATE) {
            diagnostics.add(new Diagnostic(Diagnostic.Kind.SQL_UNPARSED, t.file().relPath(),
                    a.range().line(), a.range().column(), "SQL of " + t.type().simpleName() + "."
                    + m.name() + "() not understood (kept as unknown SQL): " + f.error()));
        } else if (f.kind() == SqlFacts.Kind.UNKNOWN && !sql.isBlank() && diagnose) {
            diagnostics.add(new Diagnostic(Diagnostic.Kind.SQL_UNPARSED, relPath, range.line(), range.column(),
                    "template " + m.name() + " for " + ownerFqn + " not understood (kept as unknown SQL): "
                            + f.error()));
        }
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
                String n = declaredTable(t, index);
                if (n != null) {
                    return n;
                }
            }
        }
        return snake(simpleName);
    }

    /** The table name an entity's {@code @Table}/{@code @TableName} declares, constants resolved; null when none. */
    public static String declaredTable(TypeEntry e, ProjectIndex index) {
        for (String ann : List.of("Table", "TableName")) {
            AnnotationFact a = e.type().annotation(ann);
            if (a == null) {
                continue;
            }
            for (String member : List.of("name", "value")) {
                String n = a.strings().get(member);
                if (n == null && a.value(member) != null) {
                    n = index.stringConstant(a.value(member), e).orElse(null);
                }
                if (n != null && !n.isBlank()) {
                    return n;
                }
            }
        }
        return null;
    }

    /** camelCase or PascalCase to snake_case, lower case. */
    public static String snake(String name) {
        return name.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT);
    }
}
