package io.idemcheck.core.fix.recipes;

import io.idemcheck.core.finding.FixRecipe;
import io.idemcheck.core.fix.JavaRecipe;
import spoon.reflect.code.BinaryOperatorKind;
import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtCFlowBreak;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtIf;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtVariableWrite;
import spoon.reflect.factory.Factory;

/**
 * {@code java.check-row-count}: act only when a conditional update (a claim) changed exactly one row.
 *
 * <ul>
 *   <li>{@code claim(..);} becomes {@code if (claim(..) != 1) { continue; }};</li>
 *   <li>{@code int n = claim(..);} (never compared) gets {@code if (n != 1) { continue; }} right after it;</li>
 * </ul>
 * {@code continue} inside a loop, {@code return} in a void method or a lambda passed to forEach; nothing (the
 * template stays) anywhere else.
 *
 * <p>Parameters: {@code method} (required: the invoked method's simple name, to find the call on the target line),
 * {@code result} ({@code int}, the default: compare with {@code != 1}; {@code boolean}: negate), {@code exit}
 * ({@code continue}/{@code return}; default: decided from the code), {@code comment} (a line comment in the new
 * block).
 */
public final class CheckRowCount implements JavaRecipe {

    public static final String KIND = "java.check-row-count";

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public boolean apply(Context ctx, FixRecipe r) {
        CtInvocation<?> inv = SpoonFind.invocation(ctx.unit(), r, r.param("method", null));
        if (inv == null) {
            return false;
        }
        String exit = r.param("exit", SpoonFind.exitFor(inv));
        if (exit == null) {
            return false;
        }
        Factory f = ctx.factory();
        boolean bool = "boolean".equals(r.param("result", "int"));
        if (inv.getParent() instanceof CtBlock<?> blk) {
            if ("true".equals(r.param("onlyIfLast", "false")) && blk.getLastStatement() != inv) {
                return true; // statements follow: skipping them is a human decision; nothing to do here
            }
            CtInvocation<?> call = inv.clone();
            call.setComments(new java.util.ArrayList<>());
            CtIf iff = guard(f, call, bool, exit, r.param("comment", null));
            for (spoon.reflect.code.CtComment c : inv.getComments()) {
                iff.addComment(c.clone()); // comments on the call stay with the statement
            }
            inv.replace(iff);
            return true;
        }
        String var = null;
        CtStatement anchor = null;
        if (inv.getParent() instanceof CtLocalVariable<?> lv && lv.getDefaultExpression() == inv
                && lv.getParent() instanceof CtBlock) {
            var = lv.getSimpleName();
            anchor = lv;
        } else if (inv.getParent() instanceof CtAssignment<?, ?> as && as.getAssignment() == inv
                && as.getParent() instanceof CtBlock && as.getAssigned() instanceof CtVariableWrite<?> vw) {
            var = vw.getVariable().getSimpleName();
            anchor = as;
        }
        if (anchor == null) {
            return false;
        }
        anchor.insertAfter(guard(f, f.Code().createCodeSnippetExpression(var), bool, exit,
                r.param("comment", null)));
        return true;
    }

    private static CtIf guard(Factory f, CtExpression<?> value, boolean bool, String exit, String comment) {
        CtIf iff = f.Core().createIf();
        @SuppressWarnings({"unchecked", "rawtypes"})
        CtExpression<Boolean> cond = bool
                ? (CtExpression) f.Core().createUnaryOperator().setKind(spoon.reflect.code.UnaryOperatorKind.NOT)
                .setOperand(value)
                : f.Code().createBinaryOperator(value, f.Code().createLiteral(1), BinaryOperatorKind.NE);
        iff.setCondition(cond);
        CtBlock<?> block = f.Core().createBlock();
        CtCFlowBreak brk = "continue".equals(exit) ? f.Core().createContinue() : f.Core().createReturn();
        if (comment != null && !comment.isBlank()) {
            brk.addComment(f.Code().createInlineComment(comment));
        }
        block.addStatement(brk);
        iff.setThenStatement(block);
        return iff;
    }
}
