package io.idemcheck.core.parse;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.SwitchExpr;
import com.github.javaparser.ast.expr.TypeExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.BreakStmt;
import com.github.javaparser.ast.stmt.ContinueStmt;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SwitchStmt;
import com.github.javaparser.ast.stmt.ThrowStmt;
import com.github.javaparser.ast.stmt.TryStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
import io.idemcheck.core.facts.Body;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.Receiver;

import java.util.Optional;

/**
 * Static predicates over JavaParser nodes used while building a method {@link io.idemcheck.core.facts.Body}: where a
 * statement belongs relative to a try statement, whether a statement always leaves its block, whether a field access
 * names a type, how a call's result is used, and which names a loop condition or an assignment stores into.
 * Stateless.
 */
final class SyntaxShapes {

    private static final Receiver THIS = new Receiver(Receiver.Kind.THIS, "this", null, -1);
    private static final Receiver SUPER = new Receiver(Receiver.Kind.SUPER, "super", null, -1);

    private SyntaxShapes() {
    }

    /** True when {@code n} belongs to the try statement's own code: not inside a lambda or a local class. */
    static boolean ownBlock(Node n, TryStmt ts) {
        Node p = n.getParentNode().orElse(null);
        while (p != null && p != ts) {
            if (p instanceof LambdaExpr || p instanceof ObjectCreationExpr
                    || p instanceof TypeDeclaration<?>) {
                return false;
            }
            p = p.getParentNode().orElse(null);
        }
        return true;
    }

    /** True when a break or return in a try block leaves the loop that encloses the try statement. */
    static boolean ownLoopLevel(Statement st, TryStmt ts) {
        boolean isBreak = st instanceof BreakStmt;
        if (isBreak && ((BreakStmt) st).getLabel().isPresent()) {
            return ownBlock(st, ts);
        }
        Node p = st.getParentNode().orElse(null);
        while (p != null && p != ts) {
            if (p instanceof LambdaExpr || p instanceof ObjectCreationExpr
                    || p instanceof TypeDeclaration<?>) {
                return false;
            }
            if (isBreak && (p instanceof WhileStmt || p instanceof ForStmt || p instanceof ForEachStmt
                    || p instanceof DoStmt || p instanceof SwitchStmt || p instanceof SwitchExpr)) {
                return false;
            }
            p = p.getParentNode().orElse(null);
        }
        return true;
    }

    /** The names (locals, and fields through {@code this.}) the try block of {@code ts} assigns in its own code. */
    static java.util.Set<String> assignedIn(TryStmt ts) {
        java.util.Set<String> assigned = new java.util.LinkedHashSet<>();
        for (AssignExpr a : ts.getTryBlock().findAll(AssignExpr.class)) {
            if (a.getTarget() instanceof NameExpr n && ownBlock(a, ts)) {
                assigned.add(n.getNameAsString());
            } else if (a.getTarget() instanceof FieldAccessExpr fa
                    && fa.getScope() instanceof com.github.javaparser.ast.expr.ThisExpr && ownBlock(a, ts)) {
                assigned.add(fa.getNameAsString());
            }
        }
        return assigned;
    }

    /**
     * The receiver expression {@code sc} of a call or a method reference: {@code this}, {@code super}, a variable
     * ({@code isVariable}) or a type name, {@code this.field}, a qualified type, or another call ({@code walkCall}
     * walks it and gives its id, {@code callText} the text of the call with that id); anything else is walked with
     * {@code walk}. {@code this} and {@code super} are one instance each.
     */
    static Receiver receiver(Expression sc, java.util.function.Predicate<String> isVariable,
                             java.util.function.ToIntFunction<MethodCallExpr> walkCall,
                             java.util.function.IntFunction<String> callText,
                             java.util.function.Consumer<Expression> walk) {
        if (sc instanceof MethodCallExpr inner) {
            int id = walkCall.applyAsInt(inner);
            return new Receiver(Receiver.Kind.CALL, callText.apply(id), null, id);
        }
        if (sc instanceof com.github.javaparser.ast.expr.ThisExpr) {
            return THIS;
        } else if (sc instanceof com.github.javaparser.ast.expr.SuperExpr) {
            return SUPER;
        } else if (sc instanceof NameExpr || sc instanceof TypeExpr te && te.getType().isClassOrInterfaceType()
                && te.getType().asClassOrInterfaceType().getScope().isEmpty()) {
            String name = sc instanceof NameExpr n ? n.getNameAsString()
                    : ((TypeExpr) sc).getType().asClassOrInterfaceType().getNameAsString();
            boolean typeLike = !isVariable.test(name) && !name.isEmpty() && Character.isUpperCase(name.charAt(0));
            return new Receiver(typeLike ? Receiver.Kind.TYPE : Receiver.Kind.NAME, name, name, -1);
        } else if (sc instanceof FieldAccessExpr fa && fa.getScope() instanceof com.github.javaparser.ast.expr.ThisExpr) {
            return new Receiver(Receiver.Kind.FIELD, FactExtractor.text(sc), fa.getNameAsString(), -1);
        } else if (sc instanceof FieldAccessExpr fa && looksLikeQualifiedType(fa)) {
            return new Receiver(Receiver.Kind.TYPE, FactExtractor.text(sc), fa.toString(), -1);
        } else if (sc instanceof TypeExpr te) {
            return new Receiver(Receiver.Kind.TYPE, FactExtractor.text(sc), te.getType().asString(), -1);
        }
        walk.accept(sc);
        return new Receiver(Receiver.Kind.OTHER, FactExtractor.text(sc), null, -1);
    }

    /** The facts of one catch clause whose body's calls are {@code first} (inclusive) to {@code end}. */
    static io.idemcheck.core.facts.TryFact.Catch catchFact(com.github.javaparser.ast.stmt.CatchClause cc, int first,
                                                           int end) {
        java.util.List<String> types = new java.util.ArrayList<>();
        if (cc.getParameter().getType() instanceof com.github.javaparser.ast.type.UnionType ut) {
            ut.getElements().forEach(t -> types.add(t.asString()));
        } else {
            types.add(cc.getParameter().getType().asString());
        }
        com.github.javaparser.ast.NodeList<Statement> body = cc.getBody().getStatements();
        return new io.idemcheck.core.facts.TryFact.Catch(types, cc.getParameter().getNameAsString(),
                FactExtractor.range(cc), first, end, exits(cc.getBody())
                && !(body.getLast().get() instanceof com.github.javaparser.ast.stmt.ContinueStmt), body.isEmpty(),
                !body.isEmpty() && body.getLast().get() instanceof com.github.javaparser.ast.stmt.ThrowStmt);
    }

    /** True when a break or return of the try block of {@code ts} leaves the loop around the try statement. */
    static boolean leavesLoop(TryStmt ts) {
        for (Statement st : ts.getTryBlock().findAll(Statement.class)) {
            if ((st instanceof BreakStmt || st instanceof ReturnStmt) && ownLoopLevel(st, ts)) {
                return true;
            }
        }
        return false;
    }

    static boolean exits(Statement s) {
        if (s instanceof BlockStmt b) {
            return !b.getStatements().isEmpty() && exits(b.getStatements().getLast().get());
        }
        return s instanceof ContinueStmt || s instanceof BreakStmt || s instanceof ReturnStmt
                || s instanceof ThrowStmt;
    }

    static boolean looksLikeQualifiedType(FieldAccessExpr fa) {
        String s = fa.toString();
        String[] parts = s.split("\\.");
        if (parts.length < 2) {
            return false;
        }
        String last = parts[parts.length - 1];
        if (last.isEmpty() || !Character.isUpperCase(last.charAt(0))) {
            return false;
        }
        for (int i = 0; i < parts.length - 1; i++) {
            if (parts[i].isEmpty() || !Character.isLowerCase(parts[i].charAt(0))) {
                return false;
            }
        }
        return true;
    }

    static CallSite.Use use(Node call, String[] assigned) {
        Node n = call;
        while (true) {
            Optional<Node> po = n.getParentNode();
            if (po.isEmpty()) {
                return CallSite.Use.OTHER;
            }
            Node p = po.get();
            if (p instanceof ExpressionStmt) {
                return n == call ? CallSite.Use.DISCARDED : CallSite.Use.OTHER;
            }
            if (p instanceof MethodCallExpr pm) {
                if (pm.getScope().isPresent() && pm.getScope().get() == n) {
                    return CallSite.Use.RECEIVER;
                }
                return CallSite.Use.ARGUMENT;
            }
            if (p instanceof VariableDeclarator vd) {
                assigned[0] = vd.getNameAsString();
                return CallSite.Use.ASSIGNED;
            }
            if (p instanceof AssignExpr ae) {
                if (ae.getValue() == n) {
                    Expression t = ae.getTarget();
                    assigned[0] = t instanceof NameExpr ne ? ne.getNameAsString()
                            : t instanceof FieldAccessExpr fa ? fa.getNameAsString() : t.toString();
                    return CallSite.Use.ASSIGNED;
                }
                return CallSite.Use.OTHER;
            }
            if (p instanceof ReturnStmt) {
                return CallSite.Use.RETURNED;
            }
            if (p instanceof IfStmt || p instanceof WhileStmt || p instanceof DoStmt || p instanceof ForStmt
                    || p instanceof SwitchStmt || p instanceof SwitchExpr) {
                return CallSite.Use.CONDITION;
            }
            if (p instanceof ConditionalExpr ce) {
                if (ce.getCondition() == n) {
                    return CallSite.Use.CONDITION;
                }
                n = p;
                continue;
            }
            if (p instanceof BinaryExpr || p instanceof UnaryExpr || p instanceof EnclosedExpr
                    || p instanceof CastExpr) {
                n = p;
                continue;
            }
            if (p instanceof LambdaExpr) {
                return CallSite.Use.RETURNED;
            }
            return CallSite.Use.OTHER;
        }
    }

    /** The setter a plain field write on a variable stands for: {@code u.handleCode = v} gives setHandleCode when
     * {@code isVar} holds for u; null for another assignment (compound, {@code this.x = ..}, {@code Type.x = ..}). */
    static String fieldSetter(com.github.javaparser.ast.expr.AssignExpr ae, java.util.function.Predicate<String> isVar) {
        if (ae.getOperator() != com.github.javaparser.ast.expr.AssignExpr.Operator.ASSIGN
                || !(ae.getTarget() instanceof com.github.javaparser.ast.expr.FieldAccessExpr fa)
                || !(fa.getScope() instanceof com.github.javaparser.ast.expr.NameExpr s) || !isVar.test(s.getNameAsString())) {
            return null;
        }
        String f = fa.getNameAsString();
        return "set" + Character.toUpperCase(f.charAt(0)) + f.substring(1);
    }

    /** The names a while loop's condition assigns ({@code while ((line = r.readLine()) != null)}), in order. */
    static java.util.List<String> assignedInCondition(WhileStmt ws) {
        java.util.List<String> vars = new java.util.ArrayList<>();
        for (AssignExpr a : ws.getCondition().findAll(AssignExpr.class)) {
            if (a.getTarget() instanceof NameExpr n) {
                vars.add(n.getNameAsString());
            }
        }
        return vars;
    }

    /**
     * The declared type of local {@code v}. A {@code var} local (Java 10+) gets the type its initializer makes evident
     * without a compiler: {@code new T(..)} without a class body, {@code new T<>(..)} (T, its type arguments left to
     * inference, so none recorded), a cast {@code (T) x}, each possibly in parentheses. Any other {@code var} local
     * (a call's result, a literal, a conditional, an anonymous class) keeps the type as written, {@code var}.
     */
    static io.idemcheck.core.facts.TypeRef localType(VariableDeclarator v) {
        com.github.javaparser.ast.type.Type declared = v.getType();
        if (!declared.isVarType() && !"var".equals(declared.asString())) {
            return FactExtractor.typeRef(declared);
        }
        Expression init = v.getInitializer().orElse(null);
        while (init instanceof EnclosedExpr en) {
            init = en.getInner();
        }
        if (init instanceof ObjectCreationExpr oc && oc.getAnonymousClassBody().isEmpty()) {
            com.github.javaparser.ast.type.ClassOrInterfaceType t = oc.getType();
            if (t.getTypeArguments().map(com.github.javaparser.ast.NodeList::isEmpty).orElse(false)) {
                String name = FactExtractor.erasure(t.asString()); // diamond: new T<>(..)
                return new io.idemcheck.core.facts.TypeRef(name, name, java.util.List.of());
            }
            return FactExtractor.typeRef(t);
        }
        if (init instanceof CastExpr ce && !ce.getType().isIntersectionType()) {
            return FactExtractor.typeRef(ce.getType());
        }
        return FactExtractor.typeRef(declared);
    }

    /**
     * The variable or field that the expression under {@code parent} is stored in: the declared variable, the
     * assigned name, or the assigned field's name ({@code this.x = new X()}); null for any other parent.
     */
    static String assignedTo(Node parent) {
        if (parent instanceof VariableDeclarator vd) {
            return vd.getNameAsString();
        } else if (parent instanceof AssignExpr ae && ae.getTarget() instanceof NameExpr n) {
            return n.getNameAsString();
        } else if (parent instanceof AssignExpr ae && ae.getTarget() instanceof FieldAccessExpr fa) {
            return fa.getNameAsString();
        }
        return null;
    }

    /** The {@code new} expressions a body walk collected, each {ObjectCreationExpr, assignedTo, int[]{owner call id,
     * lambda id}}, as facts in walk order. */
    static java.util.List<io.idemcheck.core.facts.NewFact> newFacts(java.util.List<Object[]> creations) {
        java.util.List<io.idemcheck.core.facts.NewFact> news = new java.util.ArrayList<>();
        for (Object[] c : creations) {
            com.github.javaparser.ast.expr.ObjectCreationExpr oc = (com.github.javaparser.ast.expr.ObjectCreationExpr) c[0];
            java.util.List<String> args = new java.util.ArrayList<>();
            for (Expression a : oc.getArguments()) {
                args.add(FactExtractor.text(a));
            }
            news.add(new io.idemcheck.core.facts.NewFact(oc.getType().getNameWithScope(), args, FactExtractor.range(oc),
                    FactExtractor.text(oc), (String) c[1], ((int[]) c[2])[0], ((int[]) c[2])[1]));
        }
        return news;
    }

    /** The lambdas a body walk numbered: {@code info} holds {owner call id, parent lambda id} per lambda, {@code
     * params} its parameter names. */
    static java.util.List<io.idemcheck.core.facts.LambdaFact> lambdaFacts(java.util.List<int[]> info,
                                                                        java.util.List<java.util.List<String>> params) {
        java.util.List<io.idemcheck.core.facts.LambdaFact> out = new java.util.ArrayList<>();
        for (int i = 0; i < info.size(); i++) {
            out.add(new io.idemcheck.core.facts.LambdaFact(i, params.get(i), info.get(i)[0], info.get(i)[1],
                    io.idemcheck.core.facts.LambdaFact.Returns.values()[info.get(i)[2]]));
        }
        return out;
    }

    /**
     * The {@link io.idemcheck.core.facts.LambdaFact.Returns} ordinal of lambda (or method reference) {@code n}: VALUE
     * when its block body has a {@code return <value>;} of its own (not one of a lambda, anonymous or local class
     * inside it), NOTHING for another block body, EXPRESSION for an expression body or a method reference.
     */
    static int lambdaReturns(Node n) {
        if (!(n instanceof LambdaExpr le) || !(le.getBody() instanceof BlockStmt body)) {
            return io.idemcheck.core.facts.LambdaFact.Returns.EXPRESSION.ordinal();
        }
        boolean value = false;
        for (ReturnStmt r : body.findAll(ReturnStmt.class)) {
            boolean own = r.getExpression().isPresent();
            for (Node p = r.getParentNode().orElse(null); own && p != null && p != le; p = p.getParentNode().orElse(null)) {
                own = !(p instanceof LambdaExpr || p instanceof ObjectCreationExpr || p instanceof TypeDeclaration<?>);
            }
            value |= own;
        }
        return (value ? io.idemcheck.core.facts.LambdaFact.Returns.VALUE
                : io.idemcheck.core.facts.LambdaFact.Returns.NOTHING).ordinal();
    }
}
