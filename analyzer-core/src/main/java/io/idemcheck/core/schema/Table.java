package io.idemcheck.core.schema;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One table of the visible schema, after every migration that touches it. Mutable while the schema is read, read-only
 * for rules.
 */
public final class Table {

    /** Where a table's definition comes from. */
    public enum Origin {
        /** a CREATE TABLE in a SQL file (schema.sql, a Flyway migration) */
        DDL,
        /** a Liquibase createTable change (XML or YAML) */
        LIQUIBASE,
        /** only an entity class (JPA {@code @Entity}/{@code @Table}, MyBatis-Plus {@code @TableName}) */
        ENTITY
    }

    /** One column: lower-case name and whether the database generates its value. */
    public record Column(String name, boolean generated) {
    }

    private String name;
    private final String relPath;
    private final int line;
    private final Origin origin;
    private final Dialect dialect;
    private final Map<String, Column> columns = new LinkedHashMap<>();
    private final List<UniqueKey> keys = new ArrayList<>();

    Table(String name, String relPath, int line, Origin origin, Dialect dialect) {
        this.name = name;
        this.relPath = relPath;
        this.line = line;
        this.origin = origin;
        this.dialect = dialect;
    }

    /** Table name, lower case, unquoted, without schema prefix. */
    public String name() {
        return name;
    }

    /** File of the CREATE TABLE (or the entity class), relative to the source root. */
    public String relPath() {
        return relPath;
    }

    /** 1-based line of the CREATE TABLE (or of the entity class name). */
    public int line() {
        return line;
    }

    public Origin origin() {
        return origin;
    }

    /** The SQL dialect the declaring file is written in, as far as it shows. */
    public Dialect dialect() {
        return dialect;
    }

    /** Columns in declaration order. */
    public List<Column> columns() {
        return List.copyOf(columns.values());
    }

    public Column column(String n) {
        return columns.get(n);
    }

    /** Every unique constraint, the primary key included. */
    public List<UniqueKey> uniqueKeys() {
        return List.copyOf(keys);
    }

    /** The primary key, or null. */
    public UniqueKey primaryKey() {
        return keys.stream().filter(UniqueKey::primary).findFirst().orElse(null);
    }

    /**
     * True when {@code k} is a surrogate key: a single-column primary key whose value the database generates
     * (AUTO_INCREMENT, SERIAL, IDENTITY, {@code @GeneratedValue}, {@code IdType.AUTO}) or that is called {@code id}.
     * It is unique for every insert, so it never stops a repeated one.
     */
    public boolean surrogate(UniqueKey k) {
        if (!k.primary() || k.columns().size() != 1) {
            return false;
        }
        String c = k.columns().get(0);
        Column col = columns.get(c);
        return c.equals("id") || col != null && col.generated();
    }

    /**
     * The unique constraints that can stop a repeated insert: all of them but a surrogate primary key and keys that
     * include a generated column (unique for every insert, whatever else they cover).
     */
    public List<UniqueKey> businessKeys() {
        return keys.stream().filter(k -> !surrogate(k) && k.columns().stream().noneMatch(c -> {
            Column col = columns.get(c);
            return col != null && col.generated();
        })).toList();
    }

    /**
     * True when an insert that writes {@code inserted} (lower case) deduplicates itself here: some business key has
     * all its columns among them. An empty collection means "every column" (an INSERT without a column list).
     */
    public boolean dedupes(Collection<String> inserted) {
        for (UniqueKey k : businessKeys()) {
            if (inserted.isEmpty() || inserted.containsAll(k.columns())) {
                return true;
            }
        }
        return false;
    }

    // ---- building -----------------------------------------------------------------------------------------------

    void rename(String n) {
        this.name = n;
    }

    void addColumn(String n, boolean generated) {
        Column old = columns.get(n);
        columns.put(n, new Column(n, generated || old != null && old.generated()));
    }

    void dropColumn(String n) {
        columns.remove(n);
        keys.removeIf(k -> k.columns().contains(n));
    }

    void addKey(UniqueKey k) {
        if (k.columns().isEmpty()) {
            return;
        }
        if (k.primary()) {
            keys.removeIf(UniqueKey::primary);
        } else if (keys.stream().anyMatch(o -> !o.primary() && o.columns().equals(k.columns())
                && java.util.Objects.equals(o.name(), k.name()))) {
            return;
        }
        keys.add(k);
    }

    /** Removes the key named {@code n}; true when there was one. */
    boolean dropKey(String n) {
        return keys.removeIf(k -> k.named(name, n));
    }

    void dropPrimaryKey() {
        keys.removeIf(UniqueKey::primary);
    }

    @Override
    public String toString() {
        return name + columns.keySet() + keys;
    }
}
