package io.idemcheck.core.schema;

import java.util.List;

/**
 * A unique constraint or unique index of a table (a primary key is one too, see {@link #primary}).
 *
 * @param name    the constraint or index name, lower case, unquoted; null when the DDL gave none
 * @param columns the covered columns, lower case, in declaration order
 * @param primary true for the primary key
 * @param relPath file that declared it, relative to the source root
 * @param line    1-based line of the declaring statement (0 when unknown)
 */
public record UniqueKey(String name, List<String> columns, boolean primary, String relPath, int line) {

    public UniqueKey {
        columns = List.copyOf(columns);
    }

    /** True when {@code n} names this key: its declared name, or the name a database gives an unnamed one. */
    boolean named(String table, String n) {
        if (n == null) {
            return false;
        }
        if (n.equals(name)) {
            return true;
        }
        if (name == null) {
            // PostgreSQL/H2 style t_col_key, MySQL style: the first column's name
            return n.equals(table + "_" + String.join("_", columns) + "_key")
                    || n.equals(columns.get(0)) || primary && n.equals(table + "_pkey");
        }
        return false;
    }
}
