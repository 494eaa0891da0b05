package io.idemcheck.core.fix.recipes;

import io.idemcheck.core.finding.FixRecipe;
import io.idemcheck.core.fix.TextRecipe;

/**
 * {@code xml.sql-add-predicate}: adds {@code AND <column> = <value>} to a MyBatis mapper statement
 * ({@code <update>}/{@code <delete>}) whose element starts at the target. Only elements whose body is plain SQL
 * (no {@code <if>}, {@code <where>}, CDATA or other child nodes) are rewritten; the predicate goes after the last
 * non-blank character of the body, so the element's layout stays as it was.
 *
 * <p>Parameters: {@code column}, {@code value} (an SQL literal such as {@code 'PENDING'}; XML-special characters are
 * escaped).
 */
public final class XmlSqlPredicate implements TextRecipe {

    public static final String KIND = "xml.sql-add-predicate";

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public String apply(String text, FixRecipe r) {
        if (text == null) {
            return null;
        }
        int start = TextPos.offset(text, r.line(), r.column());
        if (start < 0) {
            return null;
        }
        int lt = text.indexOf('<', start);
        if (lt < 0) {
            return null;
        }
        int nameEnd = lt + 1;
        while (nameEnd < text.length() && Character.isLetter(text.charAt(nameEnd))) {
            nameEnd++;
        }
        String tag = text.substring(lt + 1, nameEnd);
        if (!tag.equals("update") && !tag.equals("delete")) {
            return null;
        }
        int gt = text.indexOf('>', nameEnd);
        if (gt < 0 || text.charAt(gt - 1) == '/') {
            return null;
        }
        int close = text.indexOf("</" + tag, gt);
        if (close < 0) {
            return null;
        }
        String body = text.substring(gt + 1, close);
        if (body.contains("<") || body.contains("]]>")) {
            return null;
        }
        String value = r.param("value", null);
        if (value == null) {
            return null;
        }
        String sql = body.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
        if (!sql.equals(body)) {
            return null; // keep it simple: escaped bodies (comparisons) are left to a human
        }
        String fixed = SqlPredicates.add(sql, r.param("column", null),
                value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"));
        if (fixed == null) {
            return null;
        }
        return text.substring(0, gt + 1) + fixed + text.substring(close);
    }
}
