package io.idemcheck.core.parse;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.SwitchExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ExplicitConstructorInvocationStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.LabeledStmt;
import com.github.javaparser.ast.stmt.LocalClassDeclarationStmt;
import com.github.javaparser.ast.stmt.LocalRecordDeclarationStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SwitchEntry;
import com.github.javaparser.ast.stmt.SwitchStmt;
import com.github.javaparser.ast.stmt.SynchronizedStmt;
import com.github.javaparser.ast.stmt.ThrowStmt;
import com.github.javaparser.ast.stmt.TryStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
import com.github.javaparser.ast.stmt.YieldStmt;
import io.idemcheck.core.facts.Arg;
import io.idemcheck.core.facts.Body;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.GuardFact;
import io.idemcheck.core.facts.LambdaFact;
import io.idemcheck.core.facts.LocalVar;
import io.idemcheck.core.facts.LoopFact;
import io.idemcheck.core.facts.MethodFacts;
import io.idemcheck.core.facts.NewFact;
import io.idemcheck.core.facts.Receiver;
import io.idemcheck.core.facts.TryFact;
import io.idemcheck.core.facts.TypeRef;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.idemcheck.core.parse.FactExtractor.FILLING;
import static io.idemcheck.core.parse.FactExtractor.ITERATING;
import static io.idemcheck.core.parse.FactExtractor.names;
import static io.idemcheck.core.parse.FactExtractor.range;
import static io.idemcheck.core.parse.FactExtractor.stringValue;
import static io.idemcheck.core.parse.FactExtractor.text;
import static io.idemcheck.core.parse.FactExtractor.typeRef;
import static io.idemcheck.core.parse.SyntaxShapes.exits;
import static io.idemcheck.core.parse.SyntaxShapes.use;

/** Builds the {@link Body} of one method by walking its statements once. */
final class BodyBuilder {
    private final Map<String, TypeRef> fields;
    private final Map<String, String> constants;
    private final List<MethodFacts.Param> params;
    private final Set<String> paramNames = new LinkedHashSet<>();
    private final Map<ExpressionStmt, Integer> stmtCalls = new java.util.IdentityHashMap<>();
    private final List<io.idemcheck.core.facts.ExitFacts.IfExit> ifExits = new ArrayList<>();

    private final List<CallSite> calls = new ArrayList<>();
    private final List<LoopFact> loops = new ArrayList<>();
    private final List<GuardFact> guards = new ArrayList<>();
    private final List<int[]> lambdaInfo = new ArrayList<>(); // [ownerCallId, parentId, LambdaFact.Returns ordinal]
    private final List<List<String>> lambdaParams = new ArrayList<>();
    private final Map<String, LocalVarBuilder> locals = new LinkedHashMap<>();

    private final ScopeStack<Integer> loopStack = new ScopeStack<>();
    private final ScopeStack<CallSite.Arm> armStack = new ScopeStack<>();
    private final ScopeStack<Integer> guardStack = new ScopeStack<>();
    private final ScopeStack<Integer> lambdaStack = new ScopeStack<>();
    private final Set<String> returnedNames = new LinkedHashSet<>(); // read by the method's own returns
    /** Lambdas created while walking the arguments of a call not yet numbered. */
    private final Deque<List<Integer>> pendingLambdas = new ArrayDeque<>();
    private final Map<Integer, Integer> guardBranch = new HashMap<>();
    private int catchDepth;
    private int branchCounter;
    private final List<TryFact> tries = new ArrayList<>();
    private final List<Object[]> creations = new ArrayList<>(); // [ObjectCreationExpr, assignedTo, owner[], parent]

    // The walk's callbacks, made once per body, not per call site: under the C1 compiler alone (the launcher's
    // setting on 2 cores) making a capturing lambda is a call into the JVM (DirectMethodHandle.allocateInstance).
    private final java.util.function.Predicate<String> isLocalOrParam = n -> locals.containsKey(n) || paramNames.contains(n);
    private final java.util.function.Predicate<String> isVariable; // a local, a parameter or a field (not a type)
    private final java.util.function.ToIntFunction<MethodCallExpr> walkCall; // walks a receiver call, gives its id
    private final java.util.function.IntFunction<String> callText = id -> calls.get(id).text();
    private final java.util.function.Consumer<Expression> walkExpr = this::expr;

    private final FactExtractor.Local local;

    BodyBuilder(Map<String, TypeRef> fields, Map<String, String> constants, List<MethodFacts.Param> params,
                FactExtractor.Local local) {
        this.local = local;
        this.fields = fields;
        this.constants = constants;
        this.params = params;
        params.forEach(p -> paramNames.add(p.name()));
        this.isVariable = n -> locals.containsKey(n) || paramNames.contains(n) || fields.containsKey(n);
        this.walkCall = inner -> {
            call(inner);
            return calls.size() - 1;
        };
    }

    /** The body of {@code root}, walked with {@link #stmt} before. */
    Body build(BlockStmt root) {
        List<LambdaFact> lambdas = SyntaxShapes.lambdaFacts(lambdaInfo, lambdaParams);
        Map<String, LocalVar> lv = new LinkedHashMap<>(); // declaration order
        locals.forEach((k, v) -> lv.put(k, v.build()));
        return new Body(calls, loops, guards, lambdas, lv, tries, SyntaxShapes.newFacts(creations), returnedNames,
                ExitShapes.of(root, params, stmtCalls, ifExits));
    }

    // ---- statements -----------------------------------------------------------------------------------------

    /** Walks a statement; returns a guard id that guards the statements after it in its block, or -1. */
    int stmt(Statement s) {
        if (s instanceof BlockStmt b) {
            sequence(b.getStatements());
            return -1;
        }
        if (s instanceof ExpressionStmt es) {
            expr(es.getExpression());
            if (es.getExpression() instanceof MethodCallExpr) {
                stmtCalls.put(es, calls.size() - 1); // the statement's own call comes after its arguments
            }
            return -1;
        }
        if (s instanceof IfStmt is) {
            return ifStmt(is);
        }
        if (s instanceof ForEachStmt fe) {
            expr(fe.getIterable());
            int id = loops.size();
            List<String> vars = new ArrayList<>();
            for (VariableDeclarator v : fe.getVariable().getVariables()) {
                vars.add(v.getNameAsString());
                local(v.getNameAsString(), typeRef(v.getType()), true).addSources(names(fe.getIterable()));
            }
            loops.add(new LoopFact(id, "foreach", vars, text(fe.getIterable(), calls), names(fe.getIterable()),
                    range(fe)));
            loopStack.push(id);
            stmt(fe.getBody());
            loopStack.pop();
            return -1;
        }
        if (s instanceof ForStmt fs) {
            List<String> vars = new ArrayList<>();
            for (Expression init : fs.getInitialization()) {
                expr(init);
                if (init instanceof VariableDeclarationExpr vde) {
                    vde.getVariables().forEach(v -> vars.add(v.getNameAsString()));
                }
            }
            int id = loops.size();
            Set<String> condNames = fs.getCompare().map(FactExtractor::names).orElse(Set.of());
            loops.add(new LoopFact(id, "for", vars, fs.getCompare().map(FactExtractor::text).orElse(""),
                    condNames, range(fs)));
            loopStack.push(id);
            fs.getCompare().ifPresent(walkExpr);
            stmt(fs.getBody());
            fs.getUpdate().forEach(walkExpr);
            loopStack.pop();
            return -1;
        }
        if (s instanceof WhileStmt ws) {
            int id = loops.size();
            List<String> vars = SyntaxShapes.assignedInCondition(ws);
            loops.add(new LoopFact(id, "while", vars, text(ws.getCondition()), names(ws.getCondition()),
                    range(ws)));
            loopStack.push(id);
            for (String v : vars) {
                LocalVarBuilder lb = locals.get(v);
                if (lb != null) {
                    lb.inLoop = true;
                }
            }
            int before = calls.size();
            expr(ws.getCondition());
            int g = newGuard(ws.getCondition(), before, false);
            guardStack.push(g);
            stmt(ws.getBody());
            guardStack.pop();
            loopStack.pop();
            return -1;
        }
        if (s instanceof DoStmt ds) {
            int id = loops.size();
            loops.add(new LoopFact(id, "do", List.of(), text(ds.getCondition()), names(ds.getCondition()),
                    range(ds)));
            loopStack.push(id);
            stmt(ds.getBody());
            expr(ds.getCondition());
            loopStack.pop();
            return -1;
        }
        if (s instanceof TryStmt ts) {
            ts.getResources().forEach(walkExpr);
            int b = branchCounter++;
            armStack.push(new CallSite.Arm(b, 0, true));
            int tryFirst = calls.size();
            stmt(ts.getTryBlock());
            int tryEnd = calls.size();
            armStack.pop();
            int i = 1;
            List<TryFact.Catch> catchFacts = new ArrayList<>();
            for (CatchClause cc : ts.getCatchClauses()) {
                armStack.push(new CallSite.Arm(b, i++, true));
                catchDepth++;
                local(cc.getParameter().getNameAsString(), typeRef(cc.getParameter().getType()), false);
                int cFirst = calls.size();
                stmt(cc.getBody());
                catchFacts.add(SyntaxShapes.catchFact(cc, cFirst, calls.size()));
                catchDepth--;
                armStack.pop();
            }
            if (!catchFacts.isEmpty()) {
                tries.add(new TryFact(b, range(ts), loopStack.outermostFirst(), lambdaStack.isEmpty() ? -1 : lambdaStack.peek(),
                        tryFirst, tryEnd, SyntaxShapes.leavesLoop(ts), SyntaxShapes.assignedIn(ts), catchFacts));
            }
            ts.getFinallyBlock().ifPresent(fb -> {
                armStack.push(new CallSite.Arm(b, -1, true));
                stmt(fb);
                armStack.pop();
            });
            return -1;
        }
        if (s instanceof SwitchStmt ss) {
            int before = calls.size();
            expr(ss.getSelector());
            int g = newGuard(ss.getSelector(), before, false);
            switchEntries(ss.getEntries(), g);
            return -1;
        }
        if (s instanceof ReturnStmt rs) {
            if (rs.getExpression().isPresent()) { // no lambda made per return (see walkExpr)
                expr(rs.getExpression().get());
                returnedNames.addAll(lambdaStack.isEmpty() ? names(rs.getExpression().get()) : Set.of());
            }
            return -1;
        }
        if (s instanceof ThrowStmt th) {
            expr(th.getExpression());
            return -1;
        }
        if (s instanceof SynchronizedStmt sy) {
            expr(sy.getExpression());
            stmt(sy.getBody());
            return -1;
        }
        if (s instanceof LabeledStmt ls) {
            return stmt(ls.getStatement());
        }
        if (s instanceof YieldStmt ys) {
            expr(ys.getExpression());
            return -1;
        }
        if (s instanceof ExplicitConstructorInvocationStmt ec) {
            ec.getArguments().forEach(walkExpr);
            return -1;
        }
        if (s instanceof LocalClassDeclarationStmt lc) {
            local.local(lc.getClassDeclaration());
            return -1;
        }
        if (s instanceof LocalRecordDeclarationStmt lr) {
            local.local(lr.getRecordDeclaration());
            return -1;
        }
        for (Node c : s.getChildNodes()) {
            if (c instanceof Statement cs) {
                stmt(cs);
            } else if (c instanceof Expression ce) {
                expr(ce);
            }
        }
        return -1;
    }

    /**
     * Walks statements in order. After an if whose then-branch leaves the block (continue, return, break,
     * throw), the rest of the block is guarded by that if's condition and is the implicit else arm of it, so
     * nothing in the leaving branch can run before the statements that follow.
     */
    private void sequence(NodeList<Statement> statements) {
        int guardMark = guardStack.size();
        int armMark = armStack.size();
        for (Statement x : statements) {
            int g = stmt(x);
            if (g >= 0) {
                guardStack.push(g);
                armStack.push(new CallSite.Arm(guardBranch.get(g), 1, false));
            }
        }
        while (guardStack.size() > guardMark) {
            guardStack.pop();
        }
        while (armStack.size() > armMark) {
            armStack.pop();
        }
    }

    private void switchEntries(NodeList<SwitchEntry> entries, int guard) {
        int b = branchCounter++;
        int i = 0;
        guardStack.push(guard);
        for (SwitchEntry e : entries) {
            armStack.push(new CallSite.Arm(b, i++, false));
            sequence(e.getStatements());
            armStack.pop();
        }
        guardStack.pop();
    }

    private int ifStmt(IfStmt is) {
        int before = calls.size();
        expr(is.getCondition());
        boolean exits = exits(is.getThenStmt());
        int g = newGuard(is.getCondition(), before, exits && is.getElseStmt().isEmpty());
        int b = branchCounter++;
        guardBranch.put(g, b);
        guardStack.push(g);
        armStack.push(new CallSite.Arm(b, 0, false));
        stmt(is.getThenStmt());
        armStack.pop();
        if (!exits && is.getElseStmt().isEmpty() && ExitShapes.lastStatement(is.getThenStmt()) instanceof ExpressionStmt es
                && stmtCalls.containsKey(es)) {
            ifExits.add(new io.idemcheck.core.facts.ExitFacts.IfExit(g, stmtCalls.get(es), b)); // if (..) fail(..);
        }
        is.getElseStmt().ifPresent(el -> {
            armStack.push(new CallSite.Arm(b, 1, false));
            stmt(el);
            armStack.pop();
        });
        guardStack.pop();
        return exits && is.getElseStmt().isEmpty() ? g : -1;
    }

    private int newGuard(Expression cond, int firstCall, boolean earlyExit) {
        Set<Integer> ids = idsFrom(firstCall);
        int id = guards.size();
        guards.add(new GuardFact(id, text(cond, calls), names(cond), ids, earlyExit, range(cond)));
        return id;
    }

    // ---- expressions ----------------------------------------------------------------------------------------

    void expr(Expression e) {
        if (e instanceof MethodCallExpr mc) {
            call(mc);
        } else if (e instanceof LambdaExpr le) {
            lambda(le, null);
        } else if (e instanceof MethodReferenceExpr mr) {
            methodReference(mr, ""); // Runnable r = this::poll; return this::handle;
        } else if (e instanceof VariableDeclarationExpr vde) {
            for (VariableDeclarator v : vde.getVariables()) {
                int before = calls.size();
                Expression init = v.getInitializer().orElse(null);
                if (init != null) {
                    expr(init);
                }
                LocalVarBuilder lb = local(v.getNameAsString(), SyntaxShapes.localType(v), !loopStack.isEmpty());
                if (init != null) {
                    lb.addSources(names(init));
                    lb.initCalls.addAll(idsFrom(before));
                    lb.initText = text(init, calls);
                }
            }
        } else if (e instanceof AssignExpr ae) {
            int before = calls.size();
            expr(ae.getValue());
            if (ae.getTarget() instanceof NameExpr n) {
                LocalVarBuilder lb = locals.get(n.getNameAsString());
                if (lb != null) {
                    lb.addSources(names(ae.getValue()));
                    lb.initCalls.addAll(idsFrom(before));
                    if (lb.initText == null) {
                        lb.initText = text(ae.getValue(), calls);
                    }
                }
            } else {
                expr(ae.getTarget());
                fieldWrite(ae, before);
            }
        } else if (e instanceof ConditionalExpr ce) {
            int before = calls.size();
            expr(ce.getCondition());
            int g = newGuard(ce.getCondition(), before, false);
            int b = branchCounter++;
            guardStack.push(g);
            armStack.push(new CallSite.Arm(b, 0, false));
            expr(ce.getThenExpr());
            armStack.pop();
            armStack.push(new CallSite.Arm(b, 1, false));
            expr(ce.getElseExpr());
            armStack.pop();
            guardStack.pop();
        } else if (e instanceof SwitchExpr se) {
            int before = calls.size();
            expr(se.getSelector());
            int g = newGuard(se.getSelector(), before, false);
            switchEntries(se.getEntries(), g);
        } else if (e instanceof ObjectCreationExpr oc) {
            oc.getScope().ifPresent(walkExpr);
            oc.getArguments().forEach(walkExpr);
            Node parent = oc.getParentNode().orElse(null);
            creations.add(new Object[]{oc, SyntaxShapes.assignedTo(parent),
                    new int[]{-1, lambdaStack.isEmpty() ? -1 : lambdaStack.peek()}, parent});
            // an anonymous class body is analysed as a type of its own (its methods run later, not here)
            if (oc.getAnonymousClassBody().isPresent()) {
                local.anonymous(oc);
            }
        } else {
            for (Node c : e.getChildNodes()) {
                if (c instanceof Expression ce) {
                    expr(ce);
                } else if (c instanceof Statement cs) {
                    stmt(cs);
                }
            }
        }
    }

    /** Numbers a lambda (or a method reference's) passed to the call being walked; when that call iterates
     * ({@code forEach}, {@code map}) opens a loop over the elements and returns true (the caller pops it). */
    private boolean openLambda(List<String> ps, String ownerName, Node n) {
        int id = lambdaInfo.size();
        lambdaInfo.add(new int[]{-1, lambdaStack.isEmpty() ? -1 : lambdaStack.peek(), SyntaxShapes.lambdaReturns(n)});
        lambdaParams.add(ps);
        if (!pendingLambdas.isEmpty()) {
            pendingLambdas.peek().add(id);
        }
        boolean iterating = ownerName != null && ITERATING.contains(ownerName);
        if (iterating) {
            loops.add(new LoopFact(loops.size(), "lambda:" + ownerName, ps, text(n), Set.of(), range(n)));
            loopStack.push(loops.size() - 1);
        }
        return iterating;
    }

    private void lambda(LambdaExpr le, String ownerName) {
        int id = lambdaInfo.size();
        List<String> ps = new ArrayList<>();
        for (Parameter p : le.getParameters()) {
            ps.add(p.getNameAsString());
        }
        boolean iterating = openLambda(ps, ownerName, le);
        for (Parameter p : le.getParameters()) {
            local(p.getNameAsString(), p.getType() == null || p.getType().isUnknownType() ? TypeRef.UNKNOWN
                    : typeRef(p.getType()), iterating || !loopStack.isEmpty());
        }
        lambdaStack.push(id);
        // a lambda body runs later and in its own frame: guards and early exits outside do not carry into it,
        // except those in force where the lambda was written
        Statement body = le.getBody();
        if (body instanceof ExpressionStmt es) {
            expr(es.getExpression());
        } else {
            stmt(body);
        }
        lambdaStack.pop();
        if (iterating) {
            loopStack.pop();
        }
    }

    private void call(MethodCallExpr mc) {
        Receiver receiver = mc.getScope().isPresent() ? receiver(mc.getScope().get()) : Receiver.NONE;
        List<Arg> args = new ArrayList<>();
        List<Integer> lambdasHere = new ArrayList<>();
        pendingLambdas.push(lambdasHere);
        for (Expression a : mc.getArguments()) {
            int before = calls.size();
            Expression fn = a instanceof CastExpr ce ? ce.getExpression() : a; // (Runnable) this::work
            if (fn instanceof LambdaExpr le) {
                lambda(le, mc.getNameAsString());
            } else if (fn instanceof MethodReferenceExpr mr) {
                methodReference(mr, mc.getNameAsString());
            } else {
                expr(a);
            }
            Set<Integer> ids = idsFrom(before);
            Set<String> ns = fn instanceof LambdaExpr ? Set.of()
                    : fn instanceof MethodReferenceExpr mr ? names(mr.getScope()) : names(a);
            args.add(new Arg(text(a, calls), ns, ids, stringValue(a, constants)));
        }
        pendingLambdas.pop();
        int id = calls.size();
        for (int l : lambdasHere) {
            lambdaInfo.get(l)[0] = id;
        }
        for (Object[] cr : creations) {
            if (cr[3] == mc) { // the creation's parent node
                ((int[]) cr[2])[0] = id;
            }
        }
        String[] assigned = new String[1];
        CallSite.Use use = use(mc, assigned);
        String text = receiver.kind() == Receiver.Kind.CALL ? FactExtractor.textAfter(mc, mc.getScope().get(),
                receiver.text()) : text(mc); // a chain's link is its receiver call's text and what follows
        calls.add(new CallSite(id, mc.getNameAsString(), receiver, args, range(mc), text, use, assigned[0],
                loopStack.outermostFirst(), armStack.outermostFirst(), guardStack.outermostFirst(), lambdaStack.isEmpty() ? -1 : lambdaStack.peek(), catchDepth));
        // collection mutation flows into the receiver variable: ids.add(t.getId())
        // and setters fill a request or statement built here: ps.setLong(1, t.getId()), req.setOrderNo(..)
        if (receiver.kind() == Receiver.Kind.NAME && locals.containsKey(receiver.name())
                && (FILLING.contains(mc.getNameAsString()) || mc.getNameAsString().startsWith("set") && !mc.getArguments().isEmpty())) {
            for (Arg a : args) {
                locals.get(receiver.name()).addSources(a.names());
            }
        }
    }

    /** {@code u.handleCode = v} (u a variable) read as the call u.setHandleCode(v), the assignment its text. */
    private void fieldWrite(AssignExpr ae, int before) {
        String setter = SyntaxShapes.fieldSetter(ae, isLocalOrParam);
        if (setter != null) {
            Expression v = ae.getValue();
            String u = ((NameExpr) ((FieldAccessExpr) ae.getTarget()).getScope()).getNameAsString();
            if (locals.containsKey(u)) {
                locals.get(u).addSources(names(v)); // what is set flows into the entity, as a setter's argument does
            }
            calls.add(new CallSite(calls.size(), setter, receiver(((FieldAccessExpr) ae.getTarget()).getScope()),
                    List.of(new Arg(text(v), names(v), idsFrom(before), stringValue(v, constants))), range(ae), text(ae),
                    CallSite.Use.DISCARDED, null, loopStack.outermostFirst(), armStack.outermostFirst(),
                    guardStack.outermostFirst(), lambdaStack.isEmpty() ? -1 : lambdaStack.peek(), catchDepth));
        }
    }

    /** The receiver a call (or a method reference) is made on; a call receiver is walked first. */
    private Receiver receiver(Expression sc) {
        return SyntaxShapes.receiver(sc, isVariable, walkCall, callText, walkExpr);
    }

    /**
     * A method reference passed to a call ({@code forEach(this::publish)}, {@code submit(service::run)}) is read as
     * the lambda it stands for ({@code x -> this.publish(x)}): a lambda owned by the call (a loop over the elements
     * when the call iterates, as for a written lambda) holding one call of the named method, whose text is the
     * reference itself ({@link CallSite#methodReference()}). It takes the element as its argument when the call
     * iterates, none otherwise; the call graph matches it by name whatever the arity. {@code Type::new} is no call.
     */
    private void methodReference(MethodReferenceExpr mr, String ownerName) {
        if (mr.getIdentifier().equals("new")) {
            expr(mr.getScope());
            return;
        }
        int id = lambdaInfo.size();
        String param = "$ref" + id; // (Runnable) this::work parses as a reference on the cast expression
        boolean iterating = openLambda(ITERATING.contains(ownerName) ? List.of(param) : List.of(), ownerName, mr);
        Expression scope = mr.getScope() instanceof CastExpr ce ? ce.getExpression() : mr.getScope();
        Receiver receiver = receiver(scope);
        List<Arg> args = iterating ? List.of(new Arg(param, Set.of(param), Set.of(), null)) : List.of();
        if (iterating) {
            local(param, TypeRef.UNKNOWN, true);
        }
        calls.add(new CallSite(calls.size(), mr.getIdentifier(), receiver, args, range(mr), text(scope) + "::"
                + mr.getIdentifier(), ownerName.startsWith("forEach") || ownerName.equals("peek")
                ? CallSite.Use.DISCARDED : CallSite.Use.OTHER, null, loopStack.outermostFirst(),
                armStack.outermostFirst(), guardStack.outermostFirst(), id, catchDepth));
        if (iterating) {
            loopStack.pop();
        }
    }

    /** The ids of the calls walked since call id {@code before}, in order. */
    private Set<Integer> idsFrom(int before) {
        Set<Integer> ids = new LinkedHashSet<>();
        for (int i = before; i < calls.size(); i++) {
            ids.add(i);
        }
        return ids;
    }

    private LocalVarBuilder local(String name, TypeRef type, boolean inLoop) {
        return LocalVarBuilder.in(locals, name, type, inLoop);
    }
}
