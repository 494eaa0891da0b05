package io.idemcheck.core.summary;

import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.sql.SqlFacts;
import io.idemcheck.core.sql.SqlStatement;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * In-progress states (RUNNING, PROCESSING, a picked flag, an owner set) and the time predicates that find rows left in
 * them by a dead worker. Used by the rule that asks whether stale in-progress rows are ever recovered.
 */
public final class InProgressStates {

    /** The catalog's regex vocabularies of in-progress columns, each a whole column name, case-insensitive. */
    private static final Pattern OWNER = Catalog.builtin().terms(Vocabulary.CLAIM_OWNER_COLUMNS).regex("(?i)(%s)");
    private static final Pattern FLAG = Catalog.builtin().terms(Vocabulary.IN_PROGRESS_FLAG_COLUMNS).regex("(?i)(%s)");
    private static final Pattern TIME = Catalog.builtin().terms(Vocabulary.STALE_TIME_COLUMNS).regex("(?i)(%s)");
    private static final Pattern LEASE = Catalog.builtin().terms(Vocabulary.LEASE_COLUMNS).regex("(?i)(%s)");
    private static final Pattern DERIVED_COMPARE = Pattern.compile("derived from \\w*(Before|After|LessThan|GreaterThan)");

    private InProgressStates() {
    }

    /** The in-progress value a shape moves rows to ("RUNNING", "owner set", "picked flag"), or null. */
    public static String movesToInProgress(Catalog cat, SqlFacts f) {
        if (f.kind() != SqlFacts.Kind.UPDATE) {
            return null;
        }
        boolean otherValue = false;
        for (String v : f.statusValues()) {
            String u = v.toUpperCase(Locale.ROOT);
            if (isInProgressState(cat, u)) {
                return u;
            }
            if (!"?".equals(v)) {
                otherValue = true;
            }
        }
        if (otherValue) {
            return null; // a move to PENDING, DONE, FAILED ...: not into work
        }
        // the values written are the SET clause's: a WHERE picked = 1 (a sweep clearing the flag) moves nothing in
        String text = setClause(f.text() == null ? "" : f.text());
        for (String c : f.setColumns()) {
            // an owner written by a compare-and-set (WHERE owner IS NULL / status = ..) is a claim; an owner written
            // by id only is a record of who ran it (a trigger log), not a move into work
            boolean cas = f.whereColumns().stream().anyMatch(w -> w.equals(c) || OWNER.matcher(w).matches()
                    || w.contains("status") || w.contains("state"));
            if (OWNER.matcher(c).matches() && cas && !Pattern.compile("(?i)\\b" + Pattern.quote(c) + "\\s*=\\s*NULL\\b")
                    .matcher(text).find()) {
                return "an owner (" + c + ")";
            }
            if (FLAG.matcher(c).matches() && Pattern.compile("(?i)\\b" + Pattern.quote(c)
                    + "\\s*=\\s*(1|true|'Y'|'1')").matcher(text).find()) {
                return "a picked flag (" + c + ")";
            }
        }
        return null;
    }

    private static final Pattern SET = Pattern.compile("(?i)\\bSET\\b");
    private static final Pattern WHERE = Pattern.compile("(?i)\\bWHERE\\b");

    /** The SET clause of an UPDATE's text (from SET up to WHERE); the whole text when it has no SET. */
    static String setClause(String text) {
        Matcher s = SET.matcher(text);
        if (!s.find()) {
            return text;
        }
        Matcher w = WHERE.matcher(text);
        int end = w.find(s.end()) ? w.start() : text.length();
        return text.substring(s.end(), end);
    }

    /** The in-progress value a statement moves rows to, or null. */
    public static String movesToInProgress(Catalog cat, SqlStatement st) {
        for (SqlFacts f : st.shapes()) {
            String v = movesToInProgress(cat, f);
            if (v != null) {
                return v;
            }
        }
        return null;
    }

    /** The catalog's in-progress shapes, each a whole '_'-separated part of the upper-case value. */
    private static final Pattern SHAPE = Catalog.builtin().terms(Vocabulary.IN_PROGRESS_STATE_SHAPES)
            .regex("(?:^|_)(%s)(?:_|$)");
    private static final Pattern CONSTANT = Pattern.compile("[A-Z][A-Z0-9_]*");
    /** A call's empty argument list at the end of a value ({@code Status.RUNNING.name()}). */
    private static final Pattern CALL_PARENS = Pattern.compile("\\(\\)$");

    /**
     * True when a status value names work under way: a word of the catalog's {@code inProgressStates}, or a value of
     * one of its {@code inProgressStateShapes} (EXPORTING, RUNNING_EXECUTION, IN_FLIGHT) none of whose words waits,
     * ends work or is excepted ({@code notInProgressWords}, {@code retryStates}, {@code terminalStates}: PENDING,
     * PROCESSING_FAILED, NOT_RUNNING, STRING). Case-insensitive.
     */
    public static boolean isInProgressState(Catalog cat, String value) {
        if (value == null || value.isEmpty()) {
            return false;
        }
        String u = value.toUpperCase(Locale.ROOT);
        if (cat.terms(Vocabulary.IN_PROGRESS_STATES).has(u)) {
            return true;
        }
        if (!SHAPE.matcher(u).find()) {
            return false;
        }
        for (String w : u.split("_")) {
            if (cat.terms(Vocabulary.NOT_IN_PROGRESS_WORDS).has(w) || cat.terms(Vocabulary.RETRY_STATES).has(w)
                    || cat.terms(Vocabulary.TERMINAL_STATES).has(w)) {
                return false;
            }
        }
        return true;
    }

    /**
     * True when a status value written through a setter or an enum constant names an in-progress state. A shape
     * ({@link #isInProgressState}) counts for a quoted value or an upper-case constant ({@code SyncStatus.SYNCING}),
     * not for a variable ({@code mapping}); the catalog's words count in any case.
     */
    public static boolean isInProgressValue(Catalog cat, String text) {
        if (text == null) {
            return false;
        }
        String trimmed = text.trim();
        boolean quoted = trimmed.startsWith("\"");
        String t = trimmed.replace("\"", "");
        int dot = t.lastIndexOf('.');
        if (dot >= 0) {
            t = t.substring(dot + 1);
        }
        t = CALL_PARENS.matcher(t).replaceAll("");
        if (cat.terms(Vocabulary.IN_PROGRESS_STATES).has(t.toUpperCase(Locale.ROOT))) {
            return true;
        }
        return (quoted || CONSTANT.matcher(t).matches()) && isInProgressState(cat, t);
    }

    /**
     * The time-like column a shape compares in its WHERE clause when it reads or updates rows that may be stale:
     * the WHERE constrains a status or owner column together with a time comparison, or compares a lease column. Null
     * when it does not.
     */
    public static String staleRowPredicate(SqlFacts f, java.util.function.Predicate<String> isStatusColumn) {
        if (f.kind() != SqlFacts.Kind.SELECT && f.kind() != SqlFacts.Kind.UPDATE && f.kind() != SqlFacts.Kind.DELETE) {
            return null;
        }
        String text = f.text() == null ? "" : f.text();
        int where = text.toUpperCase(Locale.ROOT).indexOf("WHERE");
        String tail = where >= 0 ? text.substring(where) : text;
        java.util.List<String> whereCols = f.whereColumns().isEmpty() ? whereColumnsOf(tail) : f.whereColumns();
        boolean stateCol = whereCols.stream().anyMatch(c -> isStatusColumn.test(c) || OWNER.matcher(c).matches()
                || FLAG.matcher(c).matches());
        for (String c : whereCols) {
            if (isStatusColumn.test(c)) {
                continue;
            }
            boolean nowCompared = comparedWithNow(tail, c);
            if (!TIME.matcher(c).matches() && !nowCompared) {
                continue;
            }
            boolean compared = nowCompared || comparison(tail, c) || DERIVED_COMPARE.matcher(text).find();
            if (compared && (stateCol || LEASE.matcher(c).matches())) {
                return c;
            }
        }
        return null;
    }

    private static final String NOW = "(?:NOW\\s*\\(|CURRENT_TIMESTAMP|LOCALTIMESTAMP|SYSDATE|SYSTIMESTAMP|GETDATE\\s*\\(|"
            + "DATE_SUB\\s*\\(|DATE_ADD\\s*\\(|DATEADD\\s*\\(|TIMESTAMPADD\\s*\\(|UTC_TIMESTAMP|CURRENT_DATE)";

    /**
     * The column is compared with the database's clock ({@code sending_since < NOW() - INTERVAL 15 MINUTE},
     * {@code CURRENT_TIMESTAMP > lease_expires}): a time column whatever its name.
     */
    static boolean comparedWithNow(String text, String column) {
        String col = "(?:\\w+\\.)?`?" + Pattern.quote(column) + "`?";
        return Pattern.compile("(?i)(" + col + "\\s*(<=|>=|<|>)\\s*\\(?\\s*" + NOW + "|" + NOW
                + "[^<>=]{0,60}(<=|>=|<|>)\\s*" + col + "\\b)").matcher(text).find();
    }

    private static final Pattern WHERE_COL = Pattern.compile(
            "(?i)(?:\\w+\\.)?`?([A-Za-z_][A-Za-z0-9_]*)`?\\s*(=|<>|!=|<=|>=|<|>|\\bIN\\b|\\bIS\\b|\\bLIKE\\b|\\bBETWEEN\\b)");
    private static final Pattern TABLE = Pattern.compile("(?i)\\b(?:from|join|update|into)\\s+`?([A-Za-z_][A-Za-z0-9_.]*)`?");

    /**
     * The first status column (catalog {@code statusColumns}) in the WHERE of a SELECT among {@code sts}, or null:
     * rows selected by their state ({@code SELECT .. WHERE trigger_status = 1}). Where the SELECT's facts list no
     * WHERE columns, they are read from its text ({@link #whereColumnsOf}).
     */
    public static String selectStatusColumn(Catalog catalog, java.util.List<SqlStatement> sts) {
        for (SqlStatement st : sts) {
            for (SqlFacts f : st.shapes()) {
                if (f.kind() != SqlFacts.Kind.SELECT) {
                    continue;
                }
                java.util.List<String> where = f.whereColumns();
                int at = f.text() == null ? -1 : f.text().toUpperCase(Locale.ROOT).indexOf("WHERE");
                if (where.isEmpty() && at >= 0) {
                    where = whereColumnsOf(f.text().substring(at + 5)); // SELECT facts list none
                }
                for (String col : where) {
                    if (catalog.isStatusColumn(col)) {
                        return col;
                    }
                }
            }
        }
        return null;
    }

    /** Column names compared in a WHERE clause, read from the SQL text (for SELECTs, whose facts do not list them). */
    public static java.util.List<String> whereColumnsOf(String whereText) {
        java.util.List<String> out = new java.util.ArrayList<>();
        Matcher m = WHERE_COL.matcher(whereText);
        while (m.find()) {
            String c = m.group(1).toLowerCase(Locale.ROOT);
            if (!c.equals("where") && !c.equals("and") && !c.equals("or") && !c.equals("not") && !out.contains(c)) {
                out.add(c);
            }
        }
        return out;
    }

    /** Tables named after FROM, JOIN, UPDATE or INTO in the SQL text, lower case, schema dropped. */
    public static java.util.Set<String> tablesOf(String sql) {
        java.util.Set<String> out = new java.util.LinkedHashSet<>();
        if (sql == null) {
            return out;
        }
        Matcher m = TABLE.matcher(sql);
        while (m.find()) {
            String t = m.group(1).toLowerCase(Locale.ROOT);
            int dot = t.lastIndexOf('.');
            out.add(dot >= 0 ? t.substring(dot + 1) : t);
        }
        return out;
    }

    private static boolean comparison(String text, String column) {
        String col = "(?:\\w+\\.)?`?" + Pattern.quote(column) + "`?";
        Matcher m = Pattern.compile("(?i)(" + col + "\\s*(<=|>=|<|>|between\\b)|(<=|>=|<|>)\\s*" + col + "\\b)")
                .matcher(text);
        return m.find();
    }

    /** A time-like column among those given, for a suggested sweep, or "updated_at". */
    public static String timeColumn(java.util.List<String> columns) {
        for (String c : columns) {
            if (TIME.matcher(c).matches()) {
                return c;
            }
        }
        return "updated_at";
    }
}
