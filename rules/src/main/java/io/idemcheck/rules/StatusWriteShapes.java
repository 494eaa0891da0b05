package io.idemcheck.rules;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.sql.SqlFacts;
import io.idemcheck.core.sql.SqlStatement;
import io.idemcheck.core.summary.StatusRows;

import java.util.Set;

/**
 * What makes a status UPDATE a workflow transition, and whether its statement fences it: the SQL-shape reading that
 * IDEM003 reports blind writes by, and that IDEM004 (a fenced write whose count is checked is a compare-and-set),
 * IDEM005 (a fenced transition is a claim) and IDEM003's stored-row test share. Flag columns of the catalog
 * ({@code flagColumns}: soft-delete, default and display flags that the {@code *_status} pattern also matches) are no
 * workflow status: setting them is no transition, and a predicate on them fences nothing.
 */
final class StatusWriteShapes {

    private StatusWriteShapes() {
    }

    /** Sets a workflow status column (not only flags). */
    static boolean transitionShape(Catalog cat, SqlFacts f) {
        return f.kind() == SqlFacts.Kind.UPDATE && f.setColumns().stream()
                .anyMatch(c -> cat.isStatusColumn(c) && !cat.terms(Vocabulary.FLAG_COLUMNS).has(c));
    }

    /**
     * The WHERE clause fences the transition: it constrains a version, owner or lease column, the very status
     * column the statement sets (a predicate on another flag, {@code AND delete_status = 0}, does not), or holds an
     * expected old value of another column the statement sets ({@link StatusChecks#expectedOldValue}).
     */
    static boolean fencedShape(Catalog cat, SqlFacts f) {
        for (String w : f.whereColumns()) {
            if (cat.isFencingColumn(w)) {
                return true;
            }
            if (cat.isStatusColumn(w) && !cat.terms(Vocabulary.FLAG_COLUMNS).has(w) && f.setColumns().contains(w)) {
                return true;
            }
        }
        return StatusChecks.expectedOldValue(f);
    }

    /**
     * The WHERE clause chooses the rows with a subquery over the same table that constrains the status column the
     * statement sets ({@code WHERE sn IN (SELECT sn FROM (SELECT f.sn FROM flow f WHERE f.status = 'WAIT') o)}): the
     * status predicate is part of the statement. IDEM003 only: the statement is a set-based sweep, not a claim of one
     * row, so IDEM005's reading of fenced shapes (a claim whose count matters) does not apply to it.
     */
    static boolean fencedInSubquery(Catalog cat, SqlFacts f) {
        if (f.text() == null || f.table() == null) {
            return false;
        }
        String table = java.util.regex.Pattern.quote(f.table());
        for (String c : f.setColumns()) {
            if (!cat.isStatusColumn(c) || cat.terms(Vocabulary.FLAG_COLUMNS).has(c)) {
                continue;
            }
            String col = java.util.regex.Pattern.quote(c);
            if (java.util.regex.Pattern.compile("(?is)\\bWHERE\\b.*\\(\\s*SELECT\\b.*?\\bFROM\\s+`?" + table
                    + "`?(?![\\w.]).*?\\bWHERE\\b.*?(?<![\\w])(\\w+\\.)?`?" + col
                    + "`?\\s*(=|<>|!=|\\bIN\\b|\\bNOT\\s+IN\\b)").matcher(f.text()).find()) {
                return true;
            }
        }
        return false;
    }

    /** The workflow status columns (normalised) that the statement's blind shapes set. */
    static Set<String> blindStatusColumns(Catalog cat, SqlStatement st) {
        Set<String> out = new java.util.LinkedHashSet<>();
        for (SqlFacts f : st.shapes()) {
            if (transitionShape(cat, f) && !fencedShape(cat, f) && !fencedInSubquery(cat, f)
                    && !decidedByRow(cat, f)) {
                out.addAll(StatusRows.statusColumns(cat, f));
            }
        }
        return out;
    }

    /** Some shape of the statement writes a workflow status without fencing it. */
    static boolean blind(Catalog cat, SqlStatement st) {
        return st.shapes().stream().anyMatch(f -> transitionShape(cat, f) && !fencedShape(cat, f)
                && !fencedInSubquery(cat, f) && !decidedByRow(cat, f));
    }

    private static final java.util.regex.Pattern CASE_WORD = java.util.regex.Pattern.compile("[A-Za-z_][\\w.]*");
    private static final Set<String> CASE_KEYWORDS = Set.of("case", "when", "then", "else", "end", "and", "or",
            "not", "null", "is", "in", "between", "like");

    /**
     * Every workflow status column the shape sets gets a {@code CASE} whose conditions read the row's own columns
     * ({@code SET retry_count = retry_count + 1, status = CASE WHEN retry_count + 1 >= 5 THEN 'DEAD' ELSE 'PENDING'
     * END}): the new status is decided by the database from the row's current values in the same statement, the
     * attempt-counted failure write that IDEM006 recommends, not an overwrite of a status read earlier. A CASE over
     * parameters only ({@code CASE WHEN ? THEN ..}) decides nothing from the row and stays blind.
     */
    static boolean decidedByRow(Catalog cat, SqlFacts f) {
        if (f.text() == null) {
            return false;
        }
        Set<String> columns = StatusRows.statusColumns(cat, f);
        if (columns.isEmpty()) {
            return false;
        }
        for (String col : f.setColumns()) {
            if (!columns.contains(StatusRows.norm(col))) {
                continue;
            }
            java.util.regex.Matcher cm = java.util.regex.Pattern.compile("(?is)(?<![\\w.])"
                    + java.util.regex.Pattern.quote(col) + "\\s*=\\s*CASE\\b(.*?)\\bEND\\b").matcher(f.text());
            if (!cm.find()) {
                return false;
            }
            java.util.regex.Matcher w = CASE_WORD.matcher(cm.group(1).replaceAll("'[^']*'", " "));
            boolean readsRow = false;
            while (w.find()) {
                readsRow |= !CASE_KEYWORDS.contains(w.group().toLowerCase(java.util.Locale.ROOT));
            }
            if (!readsRow) {
                return false;
            }
        }
        return true;
    }
}
