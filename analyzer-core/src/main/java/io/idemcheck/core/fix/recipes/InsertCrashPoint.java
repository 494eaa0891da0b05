package io.idemcheck.core.fix.recipes;

import io.idemcheck.core.finding.FixRecipe;
import io.idemcheck.core.fix.JavaRecipe;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtStatement;

/**
 * {@code java.insert-crash-point}: inserts {@code CrashPoints.hit("<point>");} before the statement holding the
 * call of {@code method} on the target line, and imports {@code io.idemcheck.runtime.CrashPoints}; used to make a
 * gap testable with {@code @KillMidwayTest}.
 *
 * <p>Parameters: {@code method}, {@code point} (e.g. {@code after-effect-before-record}).
 */
public final class InsertCrashPoint implements JavaRecipe {

    public static final String KIND = "java.insert-crash-point";

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public boolean apply(Context ctx, FixRecipe r) {
        String point = r.param("point", null);
        if (point == null || !point.matches("[A-Za-z0-9._-]+")) {
            return false;
        }
        CtInvocation<?> inv = SpoonFind.invocation(ctx.unit(), r, r.param("method", null));
        CtStatement st = inv == null ? null : SpoonFind.statementOf(inv);
        if (st == null) {
            return false;
        }
        st.insertBefore(ctx.factory().Code().createCodeSnippetStatement("CrashPoints.hit(\"" + point + "\")"));
        ctx.addImport("io.idemcheck.runtime.CrashPoints");
        return true;
    }
}
