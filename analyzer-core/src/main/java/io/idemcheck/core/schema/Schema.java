package io.idemcheck.core.schema;

import io.idemcheck.core.finding.Diagnostic;
import io.idemcheck.core.sql.SqlFacts;
import io.idemcheck.core.sql.SqlStatement;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The database schema a project declares: tables, columns, primary keys (generated or not) and unique constraints,
 * read from SQL files (schema.sql, Flyway migrations in version order), Liquibase changelogs (XML and YAML) and entity
 * annotations (JPA, MyBatis-Plus). Built by {@link SchemaReader}; see docs/sql-model.md for the order files apply in.
 */
public final class Schema {

    /** A schema with no table: nothing is visible. */
    public static final Schema EMPTY = new Schema();

    private final Map<String, Table> tables = new LinkedHashMap<>();
    private final List<Diagnostic> diagnostics = new ArrayList<>();

    Schema() {
    }

    /** The table called {@code name} (any case, quotes and schema prefix ignored), or null when not visible. */
    public Table table(String name) {
        return name == null ? null : tables.get(norm(name));
    }

    /** Every visible table, in the order they were first declared. */
    public Collection<Table> tables() {
        return Collections.unmodifiableCollection(tables.values());
    }

    public boolean isEmpty() {
        return tables.isEmpty();
    }

    /** Statements the SQL parser rejected and files that could not be read. */
    public List<Diagnostic> diagnostics() {
        return Collections.unmodifiableList(diagnostics);
    }

    /**
     * Whether running {@code st} inserts a row a repeated run would insert again, decided from the schema: null when
     * {@code st} inserts into no table whose schema is visible (the caller keeps its own default); false when every
     * INSERT or upsert shape writes all the columns of a unique constraint other than a surrogate key (a repeat hits
     * the constraint: INSERT IGNORE and ON DUPLICATE KEY UPDATE skip it, a plain INSERT fails); true otherwise (an
     * upsert into a table whose only unique key is a generated id inserts duplicates all the same).
     */
    public Boolean insertIsEffect(SqlStatement st) {
        Boolean out = null;
        for (SqlFacts f : st.shapes()) {
            if (f.kind() != SqlFacts.Kind.INSERT && f.kind() != SqlFacts.Kind.UPSERT) {
                continue;
            }
            Table t = table(f.table());
            if (t == null) {
                if (f.kind() == SqlFacts.Kind.INSERT) {
                    return null; // a plain insert into a table we cannot see: keep the default
                }
                continue;
            }
            if (!t.dedupes(f.setColumns())) {
                return true;
            }
            out = false;
        }
        return out;
    }

    // ---- building -------------------------------------------------------------------------------------------------

    Table put(Table t) {
        tables.remove(t.name());
        tables.put(t.name(), t);
        return t;
    }

    void remove(String name) {
        tables.remove(norm(name));
    }

    void rename(String from, String to) {
        Table t = tables.remove(norm(from));
        if (t != null) {
            t.rename(norm(to));
            tables.put(t.name(), t);
        }
    }

    void diagnostic(Diagnostic d) {
        diagnostics.add(d);
    }

    /** Lower case, quotes removed, schema prefix dropped. */
    public static String norm(String name) {
        String s = name.trim().replace("`", "").replace("\"", "").replace("[", "").replace("]", "");
        int dot = s.lastIndexOf('.');
        if (dot >= 0) {
            s = s.substring(dot + 1);
        }
        return s.toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return tables.values().toString();
    }
}
