package io.idemcheck.core.sql;

import io.idemcheck.core.catalog.Catalog;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.delete.Delete;
import net.sf.jsqlparser.statement.insert.Insert;
import net.sf.jsqlparser.statement.merge.Merge;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.update.Update;
import net.sf.jsqlparser.statement.update.UpdateSet;
import net.sf.jsqlparser.util.deparser.ExpressionDeParser;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Classifies SQL text with JSqlParser (the one SQL extractor of the engine). MyBatis placeholders {@code #{..}} and
 * {@code ${..}} are replaced with parameter markers and {@code <script>} tags removed before parsing. A statement the
 * parser rejects comes back as {@link SqlFacts.Kind#UNKNOWN} with the parser's message, never as a guess.
 * Results are cached by text; thread-safe.
 */
public final class SqlClassifier {

    private static final Pattern PLACEHOLDER = Pattern.compile("[#$]\\{[^}]*}");
    private static final Pattern TAG = Pattern.compile("</?[a-zA-Z][^>]*>");
    private final Catalog catalog;
    private final ConcurrentHashMap<String, SqlFacts> cache = new ConcurrentHashMap<>();

    public SqlClassifier(Catalog catalog) {
        this.catalog = catalog;
    }

    /** The catalog whose status and fencing columns this classifier reads. */
    public Catalog catalog() {
        return catalog;
    }

    /** Classifies {@code sql}; never throws. */
    public SqlFacts classify(String sql) {
        return cache.computeIfAbsent(sql, this::doClassify);
    }

    private SqlFacts doClassify(String raw) {
        String sql = PLACEHOLDER.matcher(raw).replaceAll("?");
        sql = TAG.matcher(sql).replaceAll(" ");
        sql = sql.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
        sql = sql.replaceAll("\\s*\\R\\s*", " ").trim();
        if (sql.endsWith(";")) {
            sql = sql.substring(0, sql.length() - 1);
        }
        Statement st;
        try {
            st = SqlParsing.parse(sql, null);
        } catch (Exception | Error e) {
            String msg = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
            return new SqlFacts(SqlFacts.Kind.UNKNOWN, null, List.of(), List.of(), false, false, sql, msg);
        }
        if (st instanceof Update u) {
            List<String> set = new ArrayList<>();
            List<String> values = new ArrayList<>();
            for (UpdateSet us : u.getUpdateSets()) {
                for (int k = 0; k < us.getColumns().size(); k++) {
                    Column c = us.getColumns().get(k);
                    set.add(norm(c.getColumnName()));
                    if (catalog.isStatusColumn(norm(c.getColumnName())) && k < us.getValues().size()) {
                        values.add(us.getValues().get(k).toString().replace("'", "").trim());
                    }
                }
            }
            List<String> where = columns(u.getWhere());
            boolean statusWrite = set.stream().anyMatch(catalog::isStatusColumn);
            boolean conditional = statusWrite && where.stream()
                    .anyMatch(c -> catalog.isStatusColumn(c) || catalog.isFencingColumn(c));
            return new SqlFacts(SqlFacts.Kind.UPDATE, norm(u.getTable().getName()), set, where, statusWrite,
                    conditional, sql, null, values);
        }
        if (st instanceof Insert i) {
            List<String> cols = new ArrayList<>();
            if (i.getColumns() != null) {
                for (Column c : i.getColumns()) {
                    cols.add(norm(c.getColumnName()));
                }
            }
            boolean upsert = i.isModifierIgnore() || i.getDuplicateUpdateSets() != null || i.getConflictAction() != null;
            return new SqlFacts(upsert ? SqlFacts.Kind.UPSERT : SqlFacts.Kind.INSERT, norm(i.getTable().getName()),
                    cols, List.of(), false, false, sql, null);
        }
        if (st instanceof Merge m) {
            return new SqlFacts(SqlFacts.Kind.UPSERT, norm(m.getTable().getName()), List.of(), List.of(), false,
                    false, sql, null);
        }
        if (st instanceof Delete d) {
            return new SqlFacts(SqlFacts.Kind.DELETE, d.getTable() == null ? null : norm(d.getTable().getName()),
                    List.of(), columns(d.getWhere()), false, false, sql, null);
        }
        if (st instanceof Select) {
            return new SqlFacts(SqlFacts.Kind.SELECT, null, List.of(), List.of(), false, false, sql, null);
        }
        return new SqlFacts(SqlFacts.Kind.OTHER, null, List.of(), List.of(), false, false, sql, null);
    }

    private static List<String> columns(Expression where) {
        if (where == null) {
            return List.of();
        }
        Set<String> out = new LinkedHashSet<>();
        where.accept(new ExpressionDeParser() {
            @Override
            public <S> StringBuilder visit(Column column, S context) {
                out.add(norm(column.getColumnName()));
                return super.visit(column, context);
            }
        }, null);
        return List.copyOf(out);
    }

    private static String norm(String name) {
        if (name == null) {
            return null;
        }
        return name.replace("`", "").replace("\"", "").replace("[", "").replace("]", "").toLowerCase(Locale.ROOT);
    }
}
