package io.idemcheck.core.fix.recipes;

import io.idemcheck.core.finding.FixRecipe;
import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtCodeElement;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtLoop;
import spoon.reflect.code.CtReturn;
import spoon.reflect.code.CtStatement;
import spoon.reflect.cu.SourcePosition;
import spoon.reflect.declaration.CtAnonymousExecutable;
import spoon.reflect.declaration.CtConstructor;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtType;
import spoon.reflect.visitor.filter.TypeFilter;

import java.util.List;

/** Finding the element a recipe aims at in a Spoon model, and small structural questions recipes ask. */
public final class SpoonFind {

    private SpoonFind() {
    }

    /**
     * The invocation of {@code method} that starts on the recipe's line, nearest to its column (JavaParser and Spoon
     * may disagree on where a call with a receiver starts).
     */
    public static CtInvocation<?> invocation(CtElement root, FixRecipe r, String method) {
        CtInvocation<?> best = null;
        int bestDist = Integer.MAX_VALUE;
        for (CtInvocation<?> inv : SpoonFind.<CtInvocation<?>>elements(root, CtInvocation.class)) {
            SourcePosition p = inv.getPosition();
            if (!p.isValidPosition() || inv.getExecutable() == null
                    || method != null && !method.equals(inv.getExecutable().getSimpleName())) {
                continue;
            }
            if (p.getLine() > r.line() || p.getEndLine() < r.line()) {
                continue;
            }
            int dist = Math.abs(p.getLine() - r.line()) * 10_000 + Math.abs(p.getColumn() - r.column());
            if (dist < bestDist) {
                best = inv;
                bestDist = dist;
            }
        }
        return best;
    }

    /**
     * Every element of class {@code type} under {@code root}; for a compilation unit, under its declared types (a
     * unit's own scan does not descend into them).
     */
    @SuppressWarnings("unchecked")
    public static <T extends CtElement> List<T> elements(CtElement root, Class<?> type) {
        List<T> out = new java.util.ArrayList<>();
        if (root instanceof spoon.reflect.declaration.CtCompilationUnit cu) {
            for (CtType<?> t : cu.getDeclaredTypes()) {
                out.addAll((List<T>) t.getElements(new TypeFilter<>((Class<T>) type)));
            }
            return out;
        }
        return root.getElements(new TypeFilter<>((Class<T>) type));
    }

    /** The statement (a direct child of a block) that contains {@code e}, or null. */
    public static CtStatement statementOf(CtElement e) {
        for (CtElement x = e; x != null && !(x instanceof CtType); x = x.getParent()) {
            if (x instanceof CtStatement s && x.getParent() instanceof CtBlock) {
                return s;
            }
            if (x instanceof CtLambda || x instanceof CtMethod) {
                return null;
            }
        }
        return null;
    }

    /**
     * How to leave the current item at {@code e}: {@code "continue"} inside a loop, {@code "return"} in a lambda
     * without a value or a void method; null when neither is safe (a method that returns a value, a constructor).
     */
    public static String exitFor(CtElement e) {
        for (CtElement x = e.getParent(); x != null; x = x.getParent()) {
            if (x instanceof CtLoop) {
                return "continue";
            }
            if (x instanceof CtLambda<?> l) {
                if (l.getExpression() != null) {
                    return null;
                }
                List<CtReturn<?>> rets = l.getBody() == null ? List.of() : l.getBody().getElements(
                        new TypeFilter<CtReturn<?>>(CtReturn.class) {
                            @Override
                            public boolean matches(CtReturn<?> ret) {
                                return ret.getReturnedExpression() != null;
                            }
                        });
                return rets.isEmpty() ? "return" : null;
            }
            if (x instanceof CtMethod<?> m) {
                return m.getType() != null && "void".equals(m.getType().getSimpleName()) ? "return" : null;
            }
            if (x instanceof CtConstructor || x instanceof CtAnonymousExecutable || x instanceof CtType) {
                return null;
            }
        }
        return null;
    }

    /** True when {@code e} is a code element directly in a block (its value is discarded). */
    public static boolean isStatementInBlock(CtCodeElement e) {
        return e.getParent() instanceof CtBlock;
    }
}
