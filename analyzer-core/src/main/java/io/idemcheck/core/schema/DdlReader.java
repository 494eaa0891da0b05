package io.idemcheck.core.schema;

import io.idemcheck.core.finding.Diagnostic;
import io.idemcheck.core.sql.SqlParsing;
import io.idemcheck.core.util.Brackets;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.create.table.ColumnDefinition;
import net.sf.jsqlparser.statement.create.table.CreateTable;
import net.sf.jsqlparser.statement.create.table.Index;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Applies the DDL of one SQL file to a {@link Schema}: CREATE TABLE (columns, generated keys, PRIMARY KEY, UNIQUE,
 * UNIQUE KEY/INDEX, CONSTRAINT .. UNIQUE), CREATE UNIQUE INDEX, ALTER TABLE (ADD [CONSTRAINT ..] UNIQUE / PRIMARY KEY,
 * ADD UNIQUE KEY/INDEX, ADD COLUMN, DROP INDEX/KEY/CONSTRAINT, DROP PRIMARY KEY, DROP COLUMN, RENAME TO), DROP INDEX,
 * DROP TABLE, RENAME TABLE. MySQL, PostgreSQL and H2 spellings. Statements that are not DDL on tables (INSERT, SET,
 * LOCK TABLES, functions) are skipped unread. A DDL statement JSqlParser rejects (after the MySQL-only spellings it
 * does not know are rewritten) is a {@link Diagnostic.Kind#SQL_UNPARSED} diagnostic; the rest of the file is read.
 */
final class DdlReader {

    private static final Pattern CREATE_TABLE = Pattern.compile(
            "(?is)^CREATE\\s+(?:OR\\s+REPLACE\\s+)?(?:(?:GLOBAL\\s+|LOCAL\\s+)?(?:TEMPORARY|TEMP)\\s+|CACHED\\s+|MEMORY\\s+|UNLOGGED\\s+)?"
                    + "TABLE\\s+(IF\\s+NOT\\s+EXISTS\\s+)?([`\"\\w.$\\[\\]]+)");
    private static final Pattern CREATE_INDEX = Pattern.compile(
            "(?is)^CREATE\\s+(UNIQUE\\s+)?(?:CLUSTERED\\s+|NONCLUSTERED\\s+)?INDEX\\s+(?:CONCURRENTLY\\s+)?"
                    + "(?:IF\\s+NOT\\s+EXISTS\\s+)?([`\"\\w.$]+)?\\s*ON\\s+(?:ONLY\\s+)?([`\"\\w.$]+)\\s*(?:USING\\s+\\w+\\s*)?\\(");
    private static final Pattern ALTER_TABLE = Pattern.compile(
            "(?is)^ALTER\\s+TABLE\\s+(?:IF\\s+EXISTS\\s+)?(?:ONLY\\s+)?([`\"\\w.$]+)\\s+(.*)$");
    private static final Pattern DROP_INDEX = Pattern.compile(
            "(?is)^DROP\\s+INDEX\\s+(?:CONCURRENTLY\\s+)?(?:IF\\s+EXISTS\\s+)?([`\"\\w.$]+)(?:\\s+ON\\s+([`\"\\w.$]+))?.*$");
    private static final Pattern DROP_TABLE = Pattern.compile(
            "(?is)^DROP\\s+TABLE\\s+(?:IF\\s+EXISTS\\s+)?([`\"\\w.$,\\s]+?)(?:\\s+CASCADE|\\s+RESTRICT)?\\s*$");
    private static final Pattern RENAME_TABLE = Pattern.compile(
            "(?is)^RENAME\\s+TABLE\\s+([`\"\\w.$]+)\\s+TO\\s+([`\"\\w.$]+)\\s*$");

    private static final Pattern ADD_UNIQUE = Pattern.compile(
            "(?is)^ADD\\s+(?:CONSTRAINT\\s+([`\"\\w$]+)\\s+)?UNIQUE(?:\\s+(?:KEY|INDEX))?(?:\\s+(?!\\()([`\"\\w$]+))?\\s*(?:USING\\s+\\w+\\s*)?\\((.*)\\).*$");
    private static final Pattern ADD_PK = Pattern.compile(
            "(?is)^ADD\\s+(?:CONSTRAINT\\s+([`\"\\w$]+)\\s+)?PRIMARY\\s+KEY\\s*(?:USING\\s+\\w+\\s*)?\\((.*)\\).*$");
    private static final Pattern ADD_OTHER_KEY = Pattern.compile(
            "(?is)^ADD\\s+(?:CONSTRAINT\\s+[`\"\\w$]+\\s+)?(?:KEY|INDEX|FULLTEXT|SPATIAL|FOREIGN\\s+KEY|CHECK|EXCLUDE)\\b.*$");
    private static final Pattern ADD_COLUMN = Pattern.compile(
            "(?is)^ADD\\s+(?:COLUMN\\s+)?(?:IF\\s+NOT\\s+EXISTS\\s+)?([`\"\\w$]+)\\s+(.*)$");
    private static final Pattern DROP_KEY = Pattern.compile(
            "(?is)^DROP\\s+(?:INDEX|KEY|CONSTRAINT)\\s+(?:IF\\s+EXISTS\\s+)?([`\"\\w$]+).*$");
    private static final Pattern DROP_PK = Pattern.compile("(?is)^DROP\\s+PRIMARY\\s+KEY.*$");
    private static final Pattern DROP_COLUMN = Pattern.compile(
            "(?is)^DROP\\s+(?:COLUMN\\s+)?(?:IF\\s+EXISTS\\s+)?([`\"\\w$]+).*$");
    private static final Pattern RENAME_TO = Pattern.compile("(?is)^RENAME\\s+(?:TO\\s+|AS\\s+)?([`\"\\w.$]+)\\s*$");
    private static final Pattern IGNORED_ALTER = Pattern.compile(
            "(?is)^(?:ALTER|MODIFY|CHANGE|COMMENT|ENGINE|AUTO_INCREMENT|DEFAULT|CHARACTER|CHARSET|COLLATE|CONVERT|"
                    + "OWNER|SET|ENABLE|DISABLE|VALIDATE|RENAME\\s+COLUMN|RENAME\\s+CONSTRAINT|RENAME\\s+INDEX|"
                    + "RENAME\\s+KEY|ADD\\s+(?:CONSTRAINT\\s+[`\"\\w$]+\\s+)?(?:FOREIGN|CHECK)|DROP\\s+FOREIGN|"
                    + "DROP\\s+CHECK|DROP\\s+DEFAULT|ALGORITHM|LOCK|FORCE|ROW_FORMAT|ATTACH|DETACH|INHERIT|NO\\s+INHERIT|"
                    + "CLUSTER|REPLICA)\\b.*$");
    private static final Pattern GENERATED_TYPE = Pattern.compile("(?i)^(SMALL|BIG)?SERIAL[248]?$");

    private final Schema schema;
    private final String relPath;
    private final Dialect dialect;
    private int synthetic;

    DdlReader(Schema schema, String relPath, Dialect dialect) {
        this.schema = schema;
        this.relPath = relPath;
        this.dialect = dialect;
    }

    /** Reads every statement of {@code script}. */
    void read(String script) {
        for (ScriptSplitter.Piece p : ScriptSplitter.split(script)) {
            try {
                statement(p.text(), p.line());
            } catch (RuntimeException | StackOverflowError e) {
                unparsed(p.line(), String.valueOf(e.getMessage()));
            }
        }
    }

    void statement(String sql, int line) {
        Matcher m;
        if ((m = CREATE_TABLE.matcher(sql)).find()) {
            createTable(sql, line, m.group(1) != null, m.group(2));
        } else if ((m = CREATE_INDEX.matcher(sql)).find()) {
            if (m.group(1) != null) {
                Table t = schema.table(m.group(3));
                List<String> cols = columnList(sql, m.end() - 1);
                if (t != null && cols != null) {
                    t.addKey(new UniqueKey(m.group(2) == null ? null : Schema.norm(m.group(2)), cols, false,
                            relPath, line));
                } else if (cols == null) {
                    unparsed(line, "index columns not understood");
                }
            }
        } else if ((m = ALTER_TABLE.matcher(sql)).find()) {
            alterTable(sql, line, m.group(1), m.group(2));
        } else if ((m = DROP_INDEX.matcher(sql)).find()) {
            String idx = Schema.norm(m.group(1));
            if (m.group(2) != null) {
                Table t = schema.table(m.group(2));
                if (t != null) {
                    t.dropKey(idx);
                }
            } else {
                for (Table t : schema.tables()) {
                    t.dropKey(idx);
                }
            }
        } else if ((m = DROP_TABLE.matcher(sql)).find()) {
            for (String n : m.group(1).split(",")) {
                if (!n.isBlank()) {
                    schema.remove(n);
                }
            }
        } else if ((m = RENAME_TABLE.matcher(sql)).find()) {
            schema.rename(m.group(1), m.group(2));
        }
    }

    // ---- CREATE TABLE ---------------------------------------------------------------------------------------------

    private void createTable(String sql, int line, boolean ifNotExists, String rawName) {
        String name = Schema.norm(rawName);
        if (ifNotExists && schema.table(name) != null) {
            return;
        }
        String upper = sql.toUpperCase(Locale.ROOT);
        if (!sql.contains("(") || upper.matches("(?s).*\\)\\s*AS\\s+SELECT.*") || upper.matches("(?s)[^(]*\\bAS\\s+SELECT.*")
                || upper.matches("(?s)[^(]*\\bLIKE\\b.*")) {
            return; // CREATE TABLE .. AS SELECT / LIKE: no constraints copied
        }
        CreateTable ct = parseCreate(sql, line);
        if (ct == null) {
            return;
        }
        Table t = new Table(name, relPath, line, Table.Origin.DDL, dialect);
        if (ct.getColumnDefinitions() != null) {
            for (ColumnDefinition cd : ct.getColumnDefinitions()) {
                String col = Schema.norm(cd.getColumnName());
                List<String> specs = cd.getColumnSpecs() == null ? List.of() : cd.getColumnSpecs();
                String spec = String.join(" ", specs).toUpperCase(Locale.ROOT);
                String type = cd.getColDataType() == null ? "" : cd.getColDataType().getDataType();
                boolean generated = spec.contains("AUTO_INCREMENT") || spec.contains("AUTOINCREMENT")
                        || spec.matches("(?s).*\\bIDENTITY\\b.*") || GENERATED_TYPE.matcher(type.trim()).matches()
                        || type.equalsIgnoreCase("IDENTITY");
                t.addColumn(col, generated);
                if (spec.contains("PRIMARY KEY")) {
                    t.addKey(new UniqueKey(null, List.of(col), true, relPath, line));
                } else if (spec.matches("(?s).*\\bUNIQUE\\b.*")) {
                    t.addKey(new UniqueKey(null, List.of(col), false, relPath, line));
                }
            }
        }
        if (ct.getIndexes() != null) {
            for (Index ix : ct.getIndexes()) {
                String type = ix.getType() == null ? "" : ix.getType().toUpperCase(Locale.ROOT);
                List<String> cols = ix.getColumnsNames().stream().map(DdlReader::column).toList();
                String n = ix.getName() == null || ix.getName().startsWith("idemcheck_auto_") ? null
                        : Schema.norm(ix.getName());
                if (type.contains("PRIMARY")) {
                    t.addKey(new UniqueKey(n, cols, true, relPath, line));
                } else if (type.contains("UNIQUE")) {
                    t.addKey(new UniqueKey(n, cols, false, relPath, line));
                }
            }
        }
        schema.put(t);
    }

    /**
     * Parses a CREATE TABLE with JSqlParser; when it refuses, retries once with spellings it does not know rewritten
     * to ones it does (unnamed {@code UNIQUE (..)}/{@code KEY (..)}, {@code UNIQUE INDEX name}, MySQL table options
     * after the closing parenthesis). Null (and a diagnostic) when both fail.
     */
    private CreateTable parseCreate(String sql, int line) {
        String first = null;
        for (int attempt = 0; attempt < 3; attempt++) {
            String text = switch (attempt) {
                case 0 -> sql;
                case 1 -> rewrite(sql);
                default -> stripOptions(rewrite(sql));
            };
            try {
                Statement st = SqlParsing.parse(text, p -> p.withTimeOut(5000));
                if (st instanceof CreateTable ct) {
                    return ct;
                }
                return null;
            } catch (Exception | Error e) {
                if (first == null) {
                    first = e.getMessage() == null ? e.getClass().getSimpleName()
                            : e.getMessage().lines().findFirst().orElse("");
                }
            }
        }
        unparsed(line, first);
        return null;
    }

    private String rewrite(String sql) {
        String s = sql;
        // UNIQUE INDEX name ( -> UNIQUE KEY name (
        s = s.replaceAll("(?i)\\bUNIQUE\\s+INDEX\\b", "UNIQUE KEY");
        // element-level unnamed UNIQUE (..), UNIQUE KEY (..), KEY (..), INDEX (..)
        StringBuilder out = new StringBuilder();
        Matcher m = Pattern.compile("(?i)([(,]\\s*)(UNIQUE(?:\\s+KEY)?|KEY|INDEX)\\s*\\(").matcher(s);
        while (m.find()) {
            String kw = m.group(2).toUpperCase(Locale.ROOT).startsWith("UNIQUE") ? "UNIQUE KEY" : "KEY";
            m.appendReplacement(out, Matcher.quoteReplacement(m.group(1) + kw + " idemcheck_auto_" + (synthetic++) + " ("));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** Drops everything after the parenthesis that closes the column list (table options, partitions). */
    private static String stripOptions(String sql) {
        int open = sql.indexOf('(');
        int close = Brackets.closing(sql, open, Brackets.Quotes.SQL);
        return close < 0 ? sql : sql.substring(0, close + 1);
    }

    // ---- ALTER TABLE ----------------------------------------------------------------------------------------------

    private void alterTable(String sql, int line, String rawTable, String actions) {
        Table t = schema.table(rawTable);
        boolean understood = true;
        for (String action : Brackets.split(actions, ',', Brackets.Quotes.SQL)) {
            String a = action.strip();
            Matcher m;
            if ((m = ADD_UNIQUE.matcher(a)).matches()) {
                String n = m.group(1) != null ? m.group(1) : m.group(2);
                List<String> cols = columnList("(" + m.group(3) + ")", 0);
                if (t != null && cols != null) {
                    t.addKey(new UniqueKey(n == null ? null : Schema.norm(n), cols, false, relPath, line));
                }
            } else if ((m = ADD_PK.matcher(a)).matches()) {
                List<String> cols = columnList("(" + m.group(2) + ")", 0);
                if (t != null && cols != null) {
                    t.addKey(new UniqueKey(m.group(1) == null ? null : Schema.norm(m.group(1)), cols, true, relPath,
                            line));
                }
            } else if (ADD_OTHER_KEY.matcher(a).matches() || IGNORED_ALTER.matcher(a).matches()) {
                continue;
            } else if ((m = ADD_COLUMN.matcher(a)).matches()) {
                String col = Schema.norm(m.group(1));
                String spec = m.group(2).toUpperCase(Locale.ROOT);
                if (t != null) {
                    String type = spec.split("[\\s(]", 2)[0];
                    t.addColumn(col, spec.contains("AUTO_INCREMENT") || spec.matches("(?s).*\\bIDENTITY\\b.*")
                            || GENERATED_TYPE.matcher(type).matches());
                    if (spec.contains("PRIMARY KEY")) {
                        t.addKey(new UniqueKey(null, List.of(col), true, relPath, line));
                    } else if (spec.matches("(?s).*\\bUNIQUE\\b.*")) {
                        t.addKey(new UniqueKey(null, List.of(col), false, relPath, line));
                    }
                }
            } else if (DROP_PK.matcher(a).matches()) {
                if (t != null) {
                    t.dropPrimaryKey();
                }
            } else if ((m = DROP_KEY.matcher(a)).matches()) {
                if (t != null) {
                    t.dropKey(Schema.norm(m.group(1)));
                }
            } else if ((m = DROP_COLUMN.matcher(a)).matches()) {
                if (t != null) {
                    t.dropColumn(Schema.norm(m.group(1)));
                }
            } else if ((m = RENAME_TO.matcher(a)).matches()) {
                schema.rename(rawTable, m.group(1));
            } else {
                understood = false;
            }
        }
        if (!understood) {
            try {
                SqlParsing.parse(sql, p -> p.withTimeOut(5000));
            } catch (Exception | Error e) {
                unparsed(line, e.getMessage() == null ? e.getClass().getSimpleName()
                        : e.getMessage().lines().findFirst().orElse(""));
            }
        }
    }

    // ---- helpers --------------------------------------------------------------------------------------------------

    /** The columns of the parenthesised list that opens at {@code open}; null when it does not close. */
    private static List<String> columnList(String sql, int open) {
        int close = Brackets.closing(sql, open, Brackets.Quotes.SQL);
        if (open < 0 || close < 0) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (String part : Brackets.split(sql.substring(open + 1, close), ',', Brackets.Quotes.SQL)) {
            String p = part.strip().replaceAll("\\(.*$", "").replaceAll("(?i)\\s+(ASC|DESC|NULLS\\s+\\w+|COLLATE\\s+\\S+)\\b.*$", "");
            if (!p.isEmpty()) {
                out.add(column(p.split("\\s+")[0]));
            }
        }
        return out.isEmpty() ? null : out;
    }

    private static String column(String raw) {
        return Schema.norm(raw.replaceAll("\\(\\d+\\)$", ""));
    }



    private void unparsed(int line, String why) {
        schema.diagnostic(new Diagnostic(Diagnostic.Kind.SQL_UNPARSED, relPath, line, 1,
                "DDL statement not understood (the schema is read without it): " + why));
    }
}
