package io.idemcheck.core.sql;

import io.idemcheck.core.catalog.Terms;
import java.util.List;
import java.util.regex.Pattern;

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
 * @param statusValues for a status write, the values assigned to status-like columns as written, quotes removed
 *                     ("RUNNING", "DONE", "?" for a parameter)
 */
public record SqlFacts(Kind kind, String table, List<String> setColumns, List<String> whereColumns,
                       boolean statusWrite, boolean conditional, String text, String error,
                       List<String> statusValues) {

    public SqlFacts {
        setColumns = List.copyOf(setColumns);
        whereColumns = List.copyOf(whereColumns);
        statusValues = List.copyOf(statusValues);
    }

    public SqlFacts(Kind kind, String table, List<String> setColumns, List<String> whereColumns, boolean statusWrite,
                    boolean conditional, String text, String error) {
        this(kind, table, setColumns, whereColumns, statusWrite, conditional, text, error, List.of());
    }

    /**
     * A conditional status write that moves the row into a state other than a terminal one (RUNNING, PROCESSING,
     * a parameter): a claim. A conditional move to DONE or FAILED is a fenced completion, not a claim.
     *
     * @param terminal the terminal states (the catalog's {@code terminalStates}, with the project's stateValues)
     */
    public boolean claims(Terms terminal) {
        return conditional && (statusValues.isEmpty()
                || statusValues.stream().anyMatch(v -> !terminal.has(v.toUpperCase(java.util.Locale.ROOT))));
    }

    public enum Kind {
        SELECT, INSERT, UPSERT, UPDATE, DELETE, OTHER, UNKNOWN
    }

    public boolean isWrite() {
        return kind == Kind.INSERT || kind == Kind.UPSERT || kind == Kind.UPDATE || kind == Kind.DELETE;
    }

    private static final Pattern FOR_UPDATE = Pattern.compile("(?is).*\\bFOR\\s+(NO\\s+KEY\\s+)?UPDATE\\b.*");

    /** True when {@code sql} (any case; null is false) locks rows: {@code FOR UPDATE}, {@code FOR NO KEY UPDATE}. */
    public static boolean locksForUpdate(String sql) {
        return sql != null && FOR_UPDATE.matcher(sql).matches();
    }

    /** This is a SELECT whose text locks the rows it reads ({@code SELECT .. FOR UPDATE}). */
    public boolean selectsForUpdate() {
        return kind == Kind.SELECT && locksForUpdate(text);
    }
}
