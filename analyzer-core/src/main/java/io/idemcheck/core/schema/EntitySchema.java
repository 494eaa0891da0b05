package io.idemcheck.core.schema;

import io.idemcheck.core.facts.AnnotationFact;
import io.idemcheck.core.facts.TypeFacts;
import io.idemcheck.core.index.ProjectIndex;
import io.idemcheck.core.index.TypeEntry;
import io.idemcheck.core.sql.SqlModel;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The schema entity classes declare: JPA {@code @Entity}/{@code @Table} (name, {@code uniqueConstraints}, unique
 * {@code indexes}), {@code @Column(name, unique)}, {@code @Id} with {@code @GeneratedValue}; MyBatis-Plus
 * {@code @TableName}, {@code @TableId(type = IdType.AUTO)}, {@code @TableField}. A table the DDL already declares gets
 * the entity's unique constraints added (never removed); a table only an entity declares is created at the class.
 */
public final class EntitySchema {

    private static final Pattern COLUMN_NAMES = Pattern.compile("columnNames\\s*=\\s*(\\{[^}]*}|\"[^\"]*\")");
    private static final Pattern QUOTED = Pattern.compile("\"([^\"]*)\"");
    private static final Pattern INDEX = Pattern.compile("@(?:[\\w.]+\\.)?Index\\s*\\(([^)]*)\\)");
    private static final Pattern COLUMN_LIST = Pattern.compile("columnList\\s*=\\s*\"([^\"]*)\"");

    private EntitySchema() {
    }

    /** True for a class mapped to a table: {@code @Entity}, {@code @Table} or {@code @TableName}. */
    public static boolean isEntity(TypeFacts t) {
        return t.annotation("Entity") != null || t.annotation("TableName") != null
                || t.annotation("Table") != null && !t.isInterface();
    }

    /**
     * The table an entity class maps to: {@code @Table(name)}, {@code @TableName} (its {@code value}), else its name in
     * snake case. A name given as a constant ({@code @Table(name = Tables.CHARGE)}, {@code @TableName(value = TABLE)},
     * a statically imported one) is resolved to the constant's string through the index.
     */
    public static String tableOf(TypeEntry e, ProjectIndex index) {
        String n = SqlModel.declaredTable(e, index);
        return n != null ? Schema.norm(n) : SqlModel.snake(e.type().simpleName());
    }

    /** The column a field maps to: {@code @Column(name)}, {@code @TableField}/{@code @TableId} value, else snake case. */
    public static String columnOf(TypeFacts t, String field) {
        for (AnnotationFact a : t.fieldAnnotations().getOrDefault(field, List.of())) {
            String n = switch (a.simpleName()) {
                case "Column", "JoinColumn" -> a.strings().get("name");
                case "TableField", "TableId" -> a.strings().get("value");
                default -> null;
            };
            if (n != null && !n.isBlank()) {
                return Schema.norm(n);
            }
        }
        return SqlModel.snake(field);
    }

    /** The persistent fields of an entity (not static-looking constants, not transient, not {@code exist = false}). */
    public static List<String> persistentFields(TypeFacts t) {
        List<String> out = new ArrayList<>();
        for (String f : t.fields().keySet()) {
            if (f.equals("serialVersionUID") || t.constants().containsKey(f) || t.fieldHas(f, "Transient")
                    || t.fieldAnnotations().getOrDefault(f, List.of()).stream().anyMatch(a ->
                    a.simpleName().equals("TableField") && "false".equals(a.value("exist")))) {
                continue;
            }
            out.add(f);
        }
        out.sort(Comparator.naturalOrder());
        return out;
    }

    static void apply(Schema schema, ProjectIndex index) {
        List<TypeEntry> entities = index.types().stream().filter(e -> !e.file().test() && isEntity(e.type()))
                .sorted(Comparator.comparing(TypeEntry::fqn)).toList();
        for (TypeEntry e : entities) {
            TypeFacts t = e.type();
            String name = tableOf(e, index);
            Table table = schema.table(name);
            boolean own = table == null;
            String rel = e.file().relPath();
            int line = t.nameRange().line();
            if (own) {
                table = new Table(name, rel, line, Table.Origin.ENTITY, Dialect.STANDARD);
                List<String> pk = new ArrayList<>();
                for (String f : persistentFields(t)) {
                    String col = columnOf(t, f);
                    boolean generated = t.fieldHas(f, "GeneratedValue") || t.fieldAnnotations()
                            .getOrDefault(f, List.of()).stream().anyMatch(a -> a.simpleName().equals("TableId")
                                    && String.valueOf(a.value("type")).endsWith("AUTO"));
                    table.addColumn(col, generated);
                    if (t.fieldHas(f, "Id") || t.fieldHas(f, "TableId") || t.fieldHas(f, "EmbeddedId")) {
                        pk.add(col);
                    }
                }
                if (pk.isEmpty() && t.annotation("TableName") != null && t.fields().containsKey("id")) {
                    pk.add("id"); // MyBatis-Plus: a field called id is the key
                }
                if (!pk.isEmpty()) {
                    table.addKey(new UniqueKey(null, pk, true, rel, line));
                }
            }
            for (String f : persistentFields(t)) {
                for (AnnotationFact a : t.fieldAnnotations().getOrDefault(f, List.of())) {
                    if (a.simpleName().equals("Column") && "true".equals(a.value("unique"))) {
                        table.addKey(new UniqueKey(null, List.of(columnOf(t, f)), false, rel, a.range().line()));
                    }
                }
            }
            AnnotationFact tab = t.annotation("Table");
            if (tab != null) {
                String uc = tab.value("uniqueConstraints");
                if (uc != null) {
                    Matcher m = COLUMN_NAMES.matcher(uc);
                    while (m.find()) {
                        List<String> cols = new ArrayList<>();
                        Matcher q = QUOTED.matcher(m.group(1));
                        while (q.find()) {
                            cols.add(Schema.norm(q.group(1)));
                        }
                        table.addKey(new UniqueKey(null, cols, false, rel, tab.range().line()));
                    }
                }
                String ix = tab.value("indexes");
                if (ix != null) {
                    Matcher m = INDEX.matcher(ix);
                    while (m.find()) {
                        Matcher cl = COLUMN_LIST.matcher(m.group(1));
                        if (m.group(1).matches("(?s).*unique\\s*=\\s*true.*") && cl.find()) {
                            List<String> cols = new ArrayList<>();
                            for (String c : cl.group(1).split(",")) {
                                String s = c.strip().split("\\s+")[0];
                                if (!s.isEmpty()) {
                                    cols.add(Schema.norm(s));
                                }
                            }
                            table.addKey(new UniqueKey(null, cols, false, rel, tab.range().line()));
                        }
                    }
                }
            }
            if (own) {
                schema.put(table);
            }
        }
    }

}
