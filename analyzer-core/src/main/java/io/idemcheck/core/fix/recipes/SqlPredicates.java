package io.idemcheck.core.fix.recipes;

import java.util.Locale;
import java.util.regex.Pattern;

/** Adds one equality predicate to a plain UPDATE/DELETE statement's WHERE clause, textually and conservatively. */
public final class SqlPredicates {

    private static final Pattern UNSAFE = Pattern.compile(
            "(?is).*(\\border\\s+by\\b|\\blimit\\b|\\breturning\\b|\\bor\\b|\\bunion\\b|\\$\\{|<|--|/\\*).*");
    private static final Pattern WHERE = Pattern.compile("(?i)\\bwhere\\b");
    private static final Pattern UPDATE_OR_DELETE = Pattern.compile("(?is)^\\s*(update|delete)\\b.*");

    private SqlPredicates() {
    }

    /**
     * {@code sql} with {@code AND column = value} appended to its WHERE clause (or {@code WHERE column = value} when it
     * has none); trailing whitespace and a final ';' are kept. Null when the statement is not a plain UPDATE/DELETE,
     * or has a shape where appending could change its meaning (OR, ORDER BY, LIMIT, RETURNING, comments, dynamic
     * SQL), or already constrains the column in its WHERE clause.
     *
     * @param value an SQL literal or placeholder, e.g. {@code 'PENDING'} or {@code #{expectedStatus}}
     */
    public static String add(String sql, String column, String value) {
        if (sql == null || column == null || value == null || !UPDATE_OR_DELETE.matcher(sql).matches()
                || UNSAFE.matcher(sql).matches()) {
            return null;
        }
        int end = sql.length();
        while (end > 0 && Character.isWhitespace(sql.charAt(end - 1))) {
            end--;
        }
        boolean semi = end > 0 && sql.charAt(end - 1) == ';';
        int bodyEnd = semi ? end - 1 : end;
        while (bodyEnd > 0 && Character.isWhitespace(sql.charAt(bodyEnd - 1))) {
            bodyEnd--;
        }
        String body = sql.substring(0, bodyEnd);
        var w = WHERE.matcher(body);
        String pred;
        if (w.find()) {
            String where = body.substring(w.end()).toLowerCase(Locale.ROOT);
            if (Pattern.compile("\\b" + Pattern.quote(column.toLowerCase(Locale.ROOT)) + "\\b").matcher(where).find()) {
                return null;
            }
            pred = " AND " + column + " = " + value;
        } else {
            pred = " WHERE " + column + " = " + value;
        }
        return body + pred + sql.substring(bodyEnd);
    }
}
