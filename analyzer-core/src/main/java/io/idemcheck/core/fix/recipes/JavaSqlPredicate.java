package io.idemcheck.core.fix.recipes;

import io.idemcheck.core.finding.FixRecipe;
import io.idemcheck.core.fix.JavaRecipe;
import spoon.reflect.code.CtBinaryOperator;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtTextBlock;
import spoon.reflect.cu.SourcePosition;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code java.sql-add-predicate}: adds {@code AND <column> = <value>} to the SQL of a string literal (a JDBC string,
 * a {@code @Update} annotation) that starts inside the target region. Only a single, unconcatenated literal whose
 * text is a plain UPDATE/DELETE is rewritten (see {@link SqlPredicates#add}).
 *
 * <p>Parameters: {@code column}, {@code value} (an SQL literal such as {@code 'PENDING'}).
 */
public final class JavaSqlPredicate implements JavaRecipe {

    public static final String KIND = "java.sql-add-predicate";

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public boolean apply(Context ctx, FixRecipe r) {
        List<CtLiteral<?>> hits = new ArrayList<>();
        for (CtLiteral<?> lit : SpoonFind.<CtLiteral<?>>elements(ctx.unit(), CtLiteral.class)) {
            SourcePosition p = lit.getPosition();
            if (!(lit.getValue() instanceof String s) || !p.isValidPosition() || lit instanceof CtTextBlock) {
                continue;
            }
            boolean inside = (p.getLine() > r.line() || p.getLine() == r.line() && p.getColumn() >= r.column())
                    && (p.getLine() < r.endLine() || p.getLine() == r.endLine() && p.getColumn() < r.endColumn()
                    || r.endLine() < r.line());
            if (inside && s.trim().matches("(?is)(update|delete)\\b.*")) {
                hits.add(lit);
            }
        }
        if (hits.size() != 1 || hits.get(0).getParent() instanceof CtBinaryOperator) {
            return false;
        }
        @SuppressWarnings("unchecked")
        CtLiteral<String> lit = (CtLiteral<String>) hits.get(0);
        String fixed = SqlPredicates.add(lit.getValue(), r.param("column", null), r.param("value", null));
        if (fixed == null) {
            return false;
        }
        lit.setValue(fixed);
        return true;
    }
}
