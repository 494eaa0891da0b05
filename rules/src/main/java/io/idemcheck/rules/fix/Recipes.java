package io.idemcheck.rules.fix;

import io.idemcheck.core.finding.Location;
import io.idemcheck.core.finding.FixRecipe;
import io.idemcheck.core.fix.recipes.CheckRowCount;
import io.idemcheck.core.fix.recipes.CreateFile;
import io.idemcheck.core.fix.recipes.InsertCrashPoint;
import io.idemcheck.core.fix.recipes.JavaSqlPredicate;
import io.idemcheck.core.fix.recipes.ReplaceText;
import io.idemcheck.core.fix.recipes.XmlSqlPredicate;
import io.idemcheck.core.sql.SqlStatement;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Builders of {@link FixRecipe}s for rule authors: attach the result with {@code Fix.of(..).withRecipe(..)}. A
 * recipe is only a request; the engine's fix stage applies it (with Spoon for Java) after the rules ran and keeps
 * the edits only when every recipe of the fix applied and the result parses. Keep a template on every fix: it is what
 * the user sees when the recipe cannot be applied.
 */
public final class Recipes {

    private static final Pattern FLYWAY = Pattern.compile("V(\\d+)(?:[._](\\d+))*__.*\\.sql", Pattern.CASE_INSENSITIVE);

    private Recipes() {
    }

    /**
     * Act only when the call at {@code call} changed one row: {@code claim(..);} becomes
     * {@code if (claim(..) != 1) { continue; }} (or {@code return;} in a void method or a forEach lambda); a result
     * stored in a local that is never compared gets the check after the declaration.
     *
     * @param call          the call's region (its first line and column are enough)
     * @param method        the called method's simple name
     * @param booleanResult true when the method returns boolean (the check is then {@code !claim(..)})
     * @param comment       a line comment for the new block, or null
     */
    public static FixRecipe checkRowCount(Location call, String method, boolean booleanResult, String comment) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("method", method);
        p.put("result", booleanResult ? "boolean" : "int");
        if (comment != null) {
            p.put("comment", comment);
        }
        return FixRecipe.at(CheckRowCount.KIND, call, p);
    }

    /**
     * Adds {@code AND column = value} to the WHERE clause of {@code st} where it is written: the mapper XML element,
     * or the string literal of an annotation or a JDBC call. Null for other sources (JPA entity saves, derived
     * queries, wrappers), which need a human.
     *
     * @param value an SQL literal, e.g. {@code 'PENDING'} (see {@link #sqlLiteral(String)})
     */
    public static FixRecipe addSqlPredicate(SqlStatement st, String column, String value) {
        Location at = new Location(st.relPath(), st.range().line(), Math.max(1, st.range().column()),
                Math.max(st.range().line(), st.range().endLine()), Math.max(1, st.range().endColumn()), null);
        Map<String, String> p = Map.of("column", column, "value", value);
        return switch (st.source()) {
            case MAPPER_XML -> FixRecipe.at(XmlSqlPredicate.KIND, at, p);
            case MYBATIS_ANNOTATION, JDBC_STRING, JPA_QUERY -> FixRecipe.at(JavaSqlPredicate.KIND, at, p);
            default -> null;
        };
    }

    /** {@code 'value'} with quotes doubled. */
    public static String sqlLiteral(String value) {
        return "'" + value.replace("'", "''") + "'";
    }

    /** Inserts {@code CrashPoints.hit("point");} before the statement that calls {@code method} at {@code call}. */
    public static FixRecipe insertCrashPoint(Location call, String method, String point) {
        return FixRecipe.at(InsertCrashPoint.KIND, call, Map.of("method", method, "point", point));
    }

    /** Replaces {@code region} (of any file) with {@code replacement}, only if it still reads {@code expect}. */
    public static FixRecipe replaceText(Location region, String expect, String replacement) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("replacement", replacement);
        if (expect != null) {
            p.put("expect", expect);
        }
        return FixRecipe.at(ReplaceText.KIND, region, p);
    }

    /** Creates {@code path} (relative to the source root) with {@code content}. */
    public static FixRecipe createFile(String path, String content) {
        return new FixRecipe(CreateFile.KIND, path, 1, 1, 1, 1, Map.of("content", content));
    }

    /**
     * A new Flyway migration in {@code dir} (relative to the source root, e.g.
     * {@code src/main/resources/db/migration}) named after the existing ones: the next version after the highest
     * {@code V<n>__*.sql} (zero padding kept), e.g. {@code V2__add_unique_settlement_task_user_id_biz_date.sql}.
     *
     * @param existingNames file names (not paths) already in {@code dir}
     * @param description   words for the name ("add unique settlement_task(user_id, biz_date)")
     * @param ddl           the statements; a final newline is added when missing
     */
    public static FixRecipe newMigration(String dir, Collection<String> existingNames, String description, String ddl) {
        String d = dir.endsWith("/") ? dir.substring(0, dir.length() - 1) : dir;
        return createFile((d.isEmpty() ? "" : d + "/") + nextMigrationName(existingNames, description),
                ddl.endsWith("\n") ? ddl : ddl + "\n");
    }

    /** The next Flyway file name after {@code existingNames} ({@code V1__<description>.sql} when there is none). */
    public static String nextMigrationName(Collection<String> existingNames, String description) {
        long max = 0;
        int width = 1;
        for (String n : existingNames) {
            Matcher m = FLYWAY.matcher(n);
            if (m.matches()) {
                long v = Long.parseLong(m.group(1));
                if (v >= max) {
                    max = v;
                    width = m.group(1).length();
                }
            }
        }
        String slug = description.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", "_")
                .replaceAll("^_+|_+$", "");
        String version = String.format("%0" + width + "d", max + 1);
        return "V" + version + "__" + (slug.isEmpty() ? "idemcheck_fix" : slug) + ".sql";
    }
}
