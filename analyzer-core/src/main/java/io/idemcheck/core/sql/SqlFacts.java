package io.idemcheck.core.sql;

import java.util.List;

/**
 * What one SQL statement does, as far as idemcheck cares.
 *
 * @param kind         statement kind
 * @param table        target table (lower case, unquoted) or null
 * @param setColumns   columns an UPDATE sets (lower case), or columns an INSERT writes
 * @param whereColumns columns the WHERE clause constrains (lower case)
 * @param statusWrite  an UPDATE that sets a status-like column
 * @param conditional  a status write whose WHERE constrains a status-like, version, owner or lease column
 * @param text         the SQL text that was parsed (placeholders replaced)
 * @param error        the parser's message when {@code kind} is UNKNOWN, else null
 */
public record SqlFacts(Kind kind, String table, List<String> setColumns, List<String> whereColumns,
                       boolean statusWrite, boolean conditional, String text, String error) {

    public SqlFacts {
        setColumns = List.copyOf(setColumns);
        whereColumns = List.copyOf(whereColumns);
    }

    public enum Kind {
        SELECT, INSERT, UPSERT, UPDATE, DELETE, OTHER, UNKNOWN
    }

    public boolean isWrite() {
        return kind == Kind.INSERT || kind == Kind.UPSERT || kind == Kind.UPDATE || kind == Kind.DELETE;
    }
}
