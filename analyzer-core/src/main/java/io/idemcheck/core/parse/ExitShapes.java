package io.idemcheck.core.parse;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.BooleanLiteralExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.ThrowStmt;
import io.idemcheck.core.facts.ExitFacts;
import io.idemcheck.core.facts.MethodFacts;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads a method body's {@link ExitFacts}: whether its top-level statements always throw, or throw unless a boolean
 * parameter is true ({@code if (!ok) throw ..}), before any return; and which top-level call statements would decide
 * it once the helpers they call are known. Stateless.
 */
final class ExitShapes {

    private ExitShapes() {
    }

    /**
     * The exit facts of a method body.
     *
     * @param body      the body
     * @param params    the method's parameters
     * @param stmtCalls the call id of each call statement ({@code x(..);}) in the body
     * @param ifExits   the ifs whose then-branch ends with a call statement, as collected during the walk
     */
    static ExitFacts of(BlockStmt body, List<MethodFacts.Param> params, Map<ExpressionStmt, Integer> stmtCalls,
                        List<ExitFacts.IfExit> ifExits) {
        int unless = ExitFacts.NO;
        List<ExitFacts.Delegation> delegations = new ArrayList<>();
        for (Statement s : body.getStatements()) {
            if (throwsAlways(s)) {
                unless = ExitFacts.ALWAYS;
                break;
            }
            if (s instanceof ExpressionStmt es && stmtCalls.containsKey(es)) {
                delegations.add(new ExitFacts.Delegation(stmtCalls.get(es), -1));
            } else if (s instanceof IfStmt is && is.getElseStmt().isEmpty() && !returns(is)) {
                int p = negatedParam(is.getCondition(), params);
                if (p >= 0 && throwsAlways(is.getThenStmt())) {
                    unless = unless == ExitFacts.NO ? p : unless;
                } else if (p >= 0 && lastStatement(is.getThenStmt()) instanceof ExpressionStmt es
                        && stmtCalls.containsKey(es)) {
                    delegations.add(new ExitFacts.Delegation(stmtCalls.get(es), p));
                }
            }
            if (returns(s)) {
                break; // a return may leave normally: what follows says nothing about every run
            }
        }
        if (unless == ExitFacts.NO && delegations.isEmpty() && ifExits.isEmpty()) {
            return ExitFacts.NONE;
        }
        return new ExitFacts(unless, delegations, ifExits);
    }

    /** The statement a then-branch ends with: the last of a block, or the statement itself. */
    static Statement lastStatement(Statement s) {
        if (s instanceof BlockStmt b) {
            return b.getStatements().isEmpty() ? null : lastStatement(b.getStatements().getLast().get());
        }
        return s;
    }

    /** True when every run of {@code s} ends in a throw: a throw, a block ending in one, an if/else both throwing. */
    static boolean throwsAlways(Statement s) {
        if (s instanceof ThrowStmt) {
            return true;
        }
        if (s instanceof BlockStmt b) {
            return !b.getStatements().isEmpty() && !returns(b) && throwsAlways(b.getStatements().getLast().get());
        }
        if (s instanceof IfStmt is) {
            return is.getElseStmt().isPresent() && throwsAlways(is.getThenStmt())
                    && throwsAlways(is.getElseStmt().get());
        }
        return false;
    }

    /** True when {@code n} holds a return of the method itself (not of a lambda or a local class). */
    private static boolean returns(Node n) {
        return n instanceof ReturnStmt || ownReturnBelow(n);
    }

    /**
     * True when a return statement lies below {@code n} without a lambda, an object creation (an anonymous class) or
     * a type declaration between them: one recursive descent that stops at the first such return and does not enter
     * those nodes (it was a search of the whole subtree for every return, then a climb to {@code n} from each).
     */
    private static boolean ownReturnBelow(Node n) {
        for (Node c : n.getChildNodes()) {
            if (c instanceof ReturnStmt) {
                return true;
            }
            if (c instanceof LambdaExpr || c instanceof ObjectCreationExpr || c instanceof TypeDeclaration<?>) {
                continue;
            }
            if (ownReturnBelow(c)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The index of the boolean parameter a condition negates ({@code !ok}, {@code ok == false}, {@code false == ok}),
     * or -1.
     */
    private static int negatedParam(Expression cond, List<MethodFacts.Param> params) {
        Expression e = unwrap(cond);
        String name = null;
        if (e instanceof UnaryExpr u && u.getOperator() == UnaryExpr.Operator.LOGICAL_COMPLEMENT
                && unwrap(u.getExpression()) instanceof NameExpr n) {
            name = n.getNameAsString();
        } else if (e instanceof BinaryExpr b && b.getOperator() == BinaryExpr.Operator.EQUALS) {
            if (unwrap(b.getLeft()) instanceof NameExpr n && isFalse(b.getRight())) {
                name = n.getNameAsString();
            } else if (unwrap(b.getRight()) instanceof NameExpr n && isFalse(b.getLeft())) {
                name = n.getNameAsString();
            }
        }
        for (int i = 0; name != null && i < params.size(); i++) {
            String type = params.get(i).type().text();
            if (params.get(i).name().equals(name) && (type.equals("boolean") || type.equals("Boolean"))) {
                return i;
            }
        }
        return -1;
    }

    private static boolean isFalse(Expression e) {
        return unwrap(e) instanceof BooleanLiteralExpr bl && !bl.getValue();
    }

    private static Expression unwrap(Expression e) {
        Expression x = e;
        while (x instanceof EnclosedExpr en) {
            x = en.getInner();
        }
        return x;
    }
}
