package io.idemcheck.core.schema;

import java.util.Locale;

/** The SQL dialect a DDL file is written in, guessed from what it uses; decides how a fix's DDL is spelled. */
public enum Dialect {
    MYSQL, POSTGRESQL, H2, STANDARD;

    /** Guesses the dialect of a whole SQL file. */
    public static Dialect guess(String text) {
        String s = text.toUpperCase(Locale.ROOT);
        if (s.contains("`") || s.contains("AUTO_INCREMENT") || s.contains("ENGINE=") || s.contains("ENGINE =")
                || s.contains("UNIQUE KEY") || s.contains("CHARSET")) {
            return MYSQL;
        }
        if (s.contains("SERIAL") || s.contains("AS IDENTITY") || s.contains("::") || s.contains("TIMESTAMPTZ")
                || s.contains("JSONB")) {
            return POSTGRESQL;
        }
        if (s.contains("IDENTITY")) {
            return H2;
        }
        return STANDARD;
    }

    /** The DDL that adds a unique constraint {@code name} on {@code columns} of {@code table}. */
    public String addUnique(String table, String name, java.util.List<String> columns) {
        String cols = String.join(", ", columns);
        if (this == MYSQL) {
            return "ALTER TABLE " + table + " ADD UNIQUE KEY " + name + " (" + cols + ");";
        }
        return "ALTER TABLE " + table + " ADD CONSTRAINT " + name + " UNIQUE (" + cols + ");";
    }
}
