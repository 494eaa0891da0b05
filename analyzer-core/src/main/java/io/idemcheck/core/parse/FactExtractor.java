package io.idemcheck.core.parse;

import com.github.javaparser.TokenRange;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.AnnotationDeclaration;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.EnumDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.RecordDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.expr.ArrayInitializerExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MemberValuePair;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.NormalAnnotationExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.SingleMemberAnnotationExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.SuperExpr;
import com.github.javaparser.ast.expr.SwitchExpr;
import com.github.javaparser.ast.expr.TextBlockLiteralExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.nodeTypes.NodeWithAnnotations;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.BreakStmt;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.ContinueStmt;
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
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.Type;
import io.idemcheck.core.facts.AnnotationFact;
import io.idemcheck.core.facts.Arg;
import io.idemcheck.core.facts.Body;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.FileFacts;
import io.idemcheck.core.facts.GuardFact;
import io.idemcheck.core.facts.LambdaFact;
import io.idemcheck.core.facts.LocalVar;
import io.idemcheck.core.facts.LoopFact;
import io.idemcheck.core.facts.MethodFacts;
import io.idemcheck.core.facts.NewFact;
import io.idemcheck.core.facts.Range;
import io.idemcheck.core.facts.Receiver;
import io.idemcheck.core.facts.TryFact;
import io.idemcheck.core.facts.TypeFacts;
import io.idemcheck.core.facts.TypeRef;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reduces one parsed compilation unit to {@link FileFacts}. After this the syntax tree can be dropped: rules read the
 * facts only. Not thread-safe per instance; use one instance per file.
 */
public final class FactExtractor {

    static final int MAX_TEXT = 300;

    /** Methods to which a lambda argument is applied once per element: the lambda body is a loop body. */
    private static final Set<String> ITERATING = Set.of("forEach", "forEachOrdered", "map", "flatMap", "peek",
            "filter", "anyMatch", "allMatch", "noneMatch", "mapToObj", "mapToInt", "mapToLong", "forEachRemaining",
            "removeIf", "replaceAll", "computeIfAbsent", "compute", "merge");

    private static final Set<String> LOMBOK_GETTER = Set.of("Data", "Getter", "Value");
    private static final Set<String> LOMBOK_SETTER = Set.of("Data", "Setter");
    private static final Set<String> LOMBOK_LOG = Set.of("Slf4j", "Log4j2", "Log4j", "Log", "CommonsLog", "XSlf4j",
            "JBossLog", "Flogger", "CustomLog");

    private FactExtractor() {
    }

    /**
     * @param cu          parsed unit
     * @param path        absolute file path
     * @param relPath     path relative to the source root
     * @param testByPath  whether the path marks test code (under src/test/)
     */
    public static FileFacts extract(CompilationUnit cu, Path path, String relPath, boolean testByPath) {
        String pkg = cu.getPackageDeclaration().map(p -> p.getNameAsString()).orElse("");
        Map<String, String> imports = new LinkedHashMap<>();
        List<String> wildcards = new ArrayList<>();
        Map<String, String> statics = new LinkedHashMap<>();
        boolean test = testByPath;
        for (ImportDeclaration id : cu.getImports()) {
            String n = id.getNameAsString();
            if (n.startsWith("org.junit") || n.startsWith("org.testng")) {
                test = true;
            }
            if (id.isStatic()) {
                if (id.isAsterisk()) {
                    statics.put(n, "*");
                } else {
                    int i = n.lastIndexOf('.');
                    statics.put(n.substring(i + 1), n.substring(0, i));
                }
            } else if (id.isAsterisk()) {
                wildcards.add(n);
            } else {
                imports.put(n.substring(n.lastIndexOf('.') + 1), n);
            }
        }
        List<TypeFacts> types = new ArrayList<>();
        for (TypeDeclaration<?> td : cu.getTypes()) {
            collectType(td, pkg.isEmpty() ? td.getNameAsString() : pkg + "." + td.getNameAsString(), types);
        }
        return new FileFacts(path, relPath, pkg, imports, wildcards, statics, test, types);
    }

    private static void collectType(TypeDeclaration<?> td, String fqn, List<TypeFacts> out) {
        collectType(td, td.getMembers(), fqn, td.getNameAsString(), null, out);
    }

    /**
     * Builds the facts of one type from its members. {@code anonymousSuper} is the instantiated type for an anonymous
     * class ({@code td} is then null).
     */
    private static void collectType(TypeDeclaration<?> td, NodeList<BodyDeclaration<?>> members, String fqn,
                                    String simpleName, ObjectCreationExpr anonymous, List<TypeFacts> out) {
        String kind;
        List<TypeRef> supers = new ArrayList<>();
        if (td instanceof ClassOrInterfaceDeclaration c) {
            kind = c.isInterface() ? "interface" : "class";
            c.getExtendedTypes().forEach(t -> supers.add(typeRef(t)));
            c.getImplementedTypes().forEach(t -> supers.add(typeRef(t)));
        } else if (td instanceof EnumDeclaration e) {
            kind = "enum";
            e.getImplementedTypes().forEach(t -> supers.add(typeRef(t)));
        } else if (td instanceof RecordDeclaration r) {
            kind = "record";
            r.getImplementedTypes().forEach(t -> supers.add(typeRef(t)));
        } else if (td instanceof AnnotationDeclaration) {
            kind = "annotation";
        } else {
            kind = "class";
            if (anonymous != null) {
                supers.add(typeRef(anonymous.getType()));
            }
        }
        List<AnnotationFact> typeAnns = td == null ? List.of() : annotations(td, Map.of());
        Map<String, TypeRef> fields = new LinkedHashMap<>();
        Map<String, String> constants = new LinkedHashMap<>();
        Set<String> lombokGetterFields = new LinkedHashSet<>();
        Set<String> lombokSetterFields = new LinkedHashSet<>();
        boolean typeGetters = typeAnns.stream().anyMatch(a -> LOMBOK_GETTER.contains(a.simpleName()));
        boolean typeSetters = typeAnns.stream().anyMatch(a -> LOMBOK_SETTER.contains(a.simpleName()));
        if (typeAnns.stream().anyMatch(a -> LOMBOK_LOG.contains(a.simpleName()))) {
            fields.put("log", new TypeRef("org.slf4j.Logger", "org.slf4j.Logger", List.of()));
        }
        if (td instanceof RecordDeclaration r) {
            for (Parameter p : r.getParameters()) {
                fields.put(p.getNameAsString(), typeRef(p.getType()));
            }
        }
        // constants first (two passes so that one constant may refer to an earlier one)
        for (BodyDeclaration<?> m : members) {
            if (m instanceof FieldDeclaration f) {
                for (VariableDeclarator v : f.getVariables()) {
                    fields.put(v.getNameAsString(), typeRef(v.getType()));
                    boolean fieldGetter = f.getAnnotations().stream().anyMatch(a -> a.getNameAsString().endsWith("Getter"));
                    boolean fieldSetter = f.getAnnotations().stream().anyMatch(a -> a.getNameAsString().endsWith("Setter"));
                    if (!f.isStatic() && (typeGetters || fieldGetter)) {
                        lombokGetterFields.add(v.getNameAsString());
                    }
                    if (!f.isStatic() && !f.isFinal() && (typeSetters || fieldSetter)) {
                        lombokSetterFields.add(v.getNameAsString());
                    }
                }
            }
        }
        for (int pass = 0; pass < 2; pass++) {
            for (BodyDeclaration<?> m : members) {
                if (m instanceof FieldDeclaration f && f.isStatic()) {
                    for (VariableDeclarator v : f.getVariables()) {
                        v.getInitializer().ifPresent(init -> {
                            String s = stringValue(init, constants);
                            if (s != null) {
                                constants.put(v.getNameAsString(), s);
                            }
                        });
                    }
                }
            }
        }
        if ("interface".equals(kind)) {
            // interface fields are implicitly static final
            for (BodyDeclaration<?> m : members) {
                if (m instanceof FieldDeclaration f) {
                    for (VariableDeclarator v : f.getVariables()) {
                        v.getInitializer().ifPresent(init -> {
                            String s = stringValue(init, constants);
                            if (s != null) {
                                constants.put(v.getNameAsString(), s);
                            }
                        });
                    }
                }
            }
        }
        List<MethodFacts> methods = new ArrayList<>();
        Set<String> declared = new LinkedHashSet<>();
        Local local = new Local(fqn, out);
        for (BodyDeclaration<?> m : members) {
            if (m instanceof MethodDeclaration md) {
                methods.add(method(md, md.getNameAsString(), md.getType().asString().equals("void")
                        ? new TypeRef("void", "void", List.of()) : typeRef(md.getType()), fields, constants,
                        "interface".equals(kind), local));
                declared.add(md.getNameAsString() + "/" + md.getParameters().size());
            } else if (m instanceof ConstructorDeclaration cd) {
                methods.add(method(cd, "<init>", new TypeRef("void", "void", List.of()), fields, constants, false,
                        local));
            } else if (m instanceof TypeDeclaration<?> inner) {
                // handled below
            }
        }
        Range nameRange = td != null ? range(td.getName()) : range(anonymous.getType());
        for (String f : lombokGetterFields) {
            TypeRef t = fields.get(f);
            String prefix = t != null && t.name().equals("boolean") ? "is" : "get";
            String n = prefix + cap(f);
            if (declared.add(n + "/0")) {
                methods.add(new MethodFacts(n, List.of(), t == null ? TypeRef.UNKNOWN : t, List.of(), false, false,
                        "public", nameRange, nameRange, Body.EMPTY, true));
            }
        }
        for (String f : lombokSetterFields) {
            TypeRef t = fields.get(f);
            String n = "set" + cap(f);
            if (declared.add(n + "/1")) {
                methods.add(new MethodFacts(n, List.of(new MethodFacts.Param(f, t == null ? TypeRef.UNKNOWN : t,
                        List.of())), new TypeRef("void", "void", List.of()), List.of(), false, false, "public",
                        nameRange, nameRange, Body.EMPTY, true));
            }
        }
        Map<String, List<AnnotationFact>> fieldAnns = new LinkedHashMap<>();
        for (BodyDeclaration<?> m : members) {
            if (m instanceof FieldDeclaration f && !f.getAnnotations().isEmpty()) {
                List<AnnotationFact> anns = annotations(f, constants);
                f.getVariables().forEach(v -> fieldAnns.put(v.getNameAsString(), anns));
            }
        }
        out.add(new TypeFacts(fqn, simpleName, kind, typeAnns, supers, fields, constants, methods,
                td != null ? range(td) : range(anonymous), nameRange, fieldAnns));
        out.addAll(local.types);
        for (BodyDeclaration<?> m : members) {
            if (m instanceof TypeDeclaration<?> inner) {
                collectType(inner, fqn + "." + inner.getNameAsString(), out);
            }
        }
    }

    private static String cap(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /** Collects anonymous and local classes met in method bodies; they become types of their own. */
    private static final class Local {
        final String ownerFqn;
        final List<TypeFacts> types = new ArrayList<>();
        int counter;

        Local(String ownerFqn, List<TypeFacts> unused) {
            this.ownerFqn = ownerFqn;
        }

        void anonymous(ObjectCreationExpr oc) {
            String n = String.valueOf(++counter);
            collectType(null, oc.getAnonymousClassBody().get(), ownerFqn + "." + n, n, oc, types);
        }

        void local(TypeDeclaration<?> td) {
            collectType(td, ownerFqn + "." + td.getNameAsString(), types);
        }
    }

    private static MethodFacts method(CallableDeclaration<?> cd, String name, TypeRef ret, Map<String, TypeRef> fields,
                                      Map<String, String> constants, boolean inInterface, Local local) {
        List<MethodFacts.Param> params = new ArrayList<>();
        for (Parameter p : cd.getParameters()) {
            params.add(new MethodFacts.Param(p.getNameAsString(), typeRef(p.getType()), annotations(p, constants)));
        }
        Optional<BlockStmt> body = cd instanceof MethodDeclaration md ? md.getBody()
                : Optional.of(((ConstructorDeclaration) cd).getBody());
        Body b = Body.EMPTY;
        if (body.isPresent()) {
            BodyBuilder bb = new BodyBuilder(fields, constants, params, local);
            bb.stmt(body.get());
            b = bb.build();
        }
        String vis;
        if (cd.isPublic() || (inInterface && !cd.isPrivate())) {
            vis = "public";
        } else if (cd.isProtected()) {
            vis = "protected";
        } else if (cd.isPrivate()) {
            vis = "private";
        } else {
            vis = "package";
        }
        return new MethodFacts(name, params, ret, annotations(cd, constants), body.isPresent(), cd.isStatic(), vis,
                range(cd), range(cd.getName()), b, false);
    }

    // ---------------------------------------------------------------------------------------------------------------
    // helpers shared with BodyBuilder

    static TypeRef typeRef(Type t) {
        String text = t.asString();
        List<String> args = new ArrayList<>();
        String name = text;
        if (t instanceof ClassOrInterfaceType c) {
            c.getTypeArguments().ifPresent(ta -> ta.forEach(a -> args.add(erasure(a.asString()))));
            name = erasure(text);
        } else {
            name = erasure(text);
        }
        return new TypeRef(text, name, args);
    }

    static String erasure(String text) {
        int lt = text.indexOf('<');
        String s = lt < 0 ? text : text.substring(0, lt);
        // drop annotations written inside the type, keep qualified names
        s = s.replaceAll("@\\S+\\s+", "").trim();
        return s;
    }

    static Range range(Node n) {
        return n.getRange().map(r -> new Range(r.begin.line, r.begin.column, r.end.line, r.end.column + 1))
                .orElse(Range.NONE);
    }

    static String text(Node n) {
        String s = n.getTokenRange().map(TokenRange::toString).orElseGet(n::toString);
        return s.length() > MAX_TEXT ? s.substring(0, MAX_TEXT) : s;
    }

    static List<AnnotationFact> annotations(NodeWithAnnotations<?> n, Map<String, String> constants) {
        NodeList<AnnotationExpr> anns = n.getAnnotations();
        if (anns.isEmpty()) {
            return List.of();
        }
        List<AnnotationFact> out = new ArrayList<>();
        for (AnnotationExpr a : anns) {
            Map<String, String> values = new LinkedHashMap<>();
            Map<String, String> strings = new LinkedHashMap<>();
            if (a instanceof SingleMemberAnnotationExpr s) {
                put(values, strings, "value", s.getMemberValue(), constants);
            } else if (a instanceof NormalAnnotationExpr na) {
                for (MemberValuePair p : na.getPairs()) {
                    put(values, strings, p.getNameAsString(), p.getValue(), constants);
                }
            }
            out.add(new AnnotationFact(a.getNameAsString(), values, strings, range(a)));
        }
        return out;
    }

    private static void put(Map<String, String> values, Map<String, String> strings, String key, Expression v,
                            Map<String, String> constants) {
        String full = v.getTokenRange().map(TokenRange::toString).orElseGet(v::toString);
        values.put(key, full);
        String s = stringValue(v, constants);
        if (s != null) {
            strings.put(key, s);
        }
    }

    /** The value of a compile-time string expression, or null. */
    static String stringValue(Expression e, Map<String, String> constants) {
        if (e instanceof StringLiteralExpr s) {
            return s.asString();
        }
        if (e instanceof TextBlockLiteralExpr tb) {
            return tb.asString();
        }
        if (e instanceof EnclosedExpr en) {
            return stringValue(en.getInner(), constants);
        }
        if (e instanceof NameExpr n) {
            return constants.get(n.getNameAsString());
        }
        if (e instanceof BinaryExpr b && b.getOperator() == BinaryExpr.Operator.PLUS) {
            String l = stringValue(b.getLeft(), constants);
            String r = stringValue(b.getRight(), constants);
            if (l == null && b.getLeft().isLiteralExpr()) {
                l = b.getLeft().toString();
            }
            if (r == null && b.getRight().isLiteralExpr()) {
                r = b.getRight().toString();
            }
            return l != null && r != null ? l + r : null;
        }
        if (e instanceof ArrayInitializerExpr arr) {
            StringBuilder sb = new StringBuilder();
            for (Expression x : arr.getValues()) {
                String s = stringValue(x, constants);
                if (s == null) {
                    return null;
                }
                if (sb.length() > 0) {
                    sb.append(' ');
                }
                sb.append(s);
            }
            return sb.toString();
        }
        return null;
    }

    static Set<String> names(Node n) {
        Set<String> out = new LinkedHashSet<>();
        if (n instanceof NameExpr ne) {
            out.add(ne.getNameAsString());
        }
        for (NameExpr ne : n.findAll(NameExpr.class)) {
            out.add(ne.getNameAsString());
        }
        for (FieldAccessExpr fa : n.findAll(FieldAccessExpr.class)) {
            if (fa.getScope() instanceof ThisExpr) {
                out.add(fa.getNameAsString());
            }
        }
        if (n instanceof FieldAccessExpr fa && fa.getScope() instanceof ThisExpr) {
            out.add(fa.getNameAsString());
        }
        return out;
    }

    // ---------------------------------------------------------------------------------------------------------------

    /** Builds the {@link Body} of one method by walking its statements once. */
    private static final class BodyBuilder {
        private final Map<String, TypeRef> fields;
        private final Map<String, String> constants;
        private final Set<String> paramNames = new LinkedHashSet<>();

        private final List<CallSite> calls = new ArrayList<>();
        private final List<LoopFact> loops = new ArrayList<>();
        private final List<GuardFact> guards = new ArrayList<>();
        private final List<int[]> lambdaInfo = new ArrayList<>(); // [ownerCallId, parentId]
        private final List<List<String>> lambdaParams = new ArrayList<>();
        private final Map<String, LocalVarBuilder> locals = new LinkedHashMap<>();

        private final Deque<Integer> loopStack = new ArrayDeque<>();
        private final Deque<CallSite.Arm> armStack = new ArrayDeque<>();
        private final Deque<Integer> guardStack = new ArrayDeque<>();
        private final Deque<Integer> lambdaStack = new ArrayDeque<>();
        /** Lambdas created while walking the arguments of a call not yet numbered. */
        private final Deque<List<Integer>> pendingLambdas = new ArrayDeque<>();
        private final Map<Integer, Integer> guardBranch = new HashMap<>();
        private int catchDepth;
        private int branchCounter;
        private final List<TryFact> tries = new ArrayList<>();
        private final List<Object[]> creations = new ArrayList<>(); // [ObjectCreationExpr, assignedTo, owner[]]

        private final Local local;

        BodyBuilder(Map<String, TypeRef> fields, Map<String, String> constants, List<MethodFacts.Param> params,
                    Local local) {
            this.local = local;
            this.fields = fields;
            this.constants = constants;
            for (MethodFacts.Param p : params) {
                paramNames.add(p.name());
            }
        }

        Body build() {
            List<LambdaFact> lambdas = new ArrayList<>();
            for (int i = 0; i < lambdaInfo.size(); i++) {
                lambdas.add(new LambdaFact(i, lambdaParams.get(i), lambdaInfo.get(i)[0], lambdaInfo.get(i)[1]));
            }
            Map<String, LocalVar> lv = new HashMap<>();
            locals.forEach((k, v) -> lv.put(k, v.build()));
            List<NewFact> news = new ArrayList<>();
            for (Object[] c : creations) {
                ObjectCreationExpr oc = (ObjectCreationExpr) c[0];
                List<String> args = new ArrayList<>();
                oc.getArguments().forEach(a -> args.add(text(a)));
                news.add(new NewFact(oc.getType().getNameWithScope(), args, range(oc), text(oc), (String) c[1],
                        ((int[]) c[2])[0], ((int[]) c[2])[1]));
            }
            return new Body(calls, loops, guards, lambdas, lv, tries, news);
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
                loops.add(new LoopFact(id, "foreach", vars, text(fe.getIterable()), names(fe.getIterable()),
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
                fs.getCompare().ifPresent(this::expr);
                stmt(fs.getBody());
                fs.getUpdate().forEach(this::expr);
                loopStack.pop();
                return -1;
            }
            if (s instanceof WhileStmt ws) {
                int id = loops.size();
                List<String> vars = new ArrayList<>();
                for (AssignExpr a : ws.getCondition().findAll(AssignExpr.class)) {
                    if (a.getTarget() instanceof NameExpr n) {
                        vars.add(n.getNameAsString());
                    }
                }
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
                ts.getResources().forEach(this::expr);
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
                    List<String> types = new ArrayList<>();
                    if (cc.getParameter().getType() instanceof com.github.javaparser.ast.type.UnionType ut) {
                        ut.getElements().forEach(t -> types.add(t.asString()));
                    } else {
                        types.add(cc.getParameter().getType().asString());
                    }
                    catchFacts.add(new TryFact.Catch(types, cc.getParameter().getNameAsString(), range(cc), cFirst,
                            calls.size(), exits(cc.getBody()) && !(cc.getBody().getStatements().getLast().get()
                            instanceof ContinueStmt), cc.getBody().getStatements().isEmpty(),
                            !cc.getBody().getStatements().isEmpty()
                                    && cc.getBody().getStatements().getLast().get() instanceof ThrowStmt));
                    catchDepth--;
                    armStack.pop();
                }
                if (!catchFacts.isEmpty()) {
                    List<Integer> tryLoops = new ArrayList<>(loopStack);
                    java.util.Collections.reverse(tryLoops);
                    Set<String> assigned = new LinkedHashSet<>();
                    for (AssignExpr a : ts.getTryBlock().findAll(AssignExpr.class)) {
                        if (a.getTarget() instanceof NameExpr n && ownBlock(a, ts)) {
                            assigned.add(n.getNameAsString());
                        } else if (a.getTarget() instanceof FieldAccessExpr fa && fa.getScope() instanceof ThisExpr
                                && ownBlock(a, ts)) {
                            assigned.add(fa.getNameAsString());
                        }
                    }
                    boolean leaves = false;
                    for (Statement st : ts.getTryBlock().findAll(Statement.class)) {
                        if ((st instanceof BreakStmt || st instanceof ReturnStmt) && ownLoopLevel(st, ts)) {
                            leaves = true;
                        }
                    }
                    tries.add(new TryFact(b, range(ts), tryLoops, lambdaStack.isEmpty() ? -1 : lambdaStack.peek(),
                            tryFirst, tryEnd, leaves, assigned, catchFacts));
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
                rs.getExpression().ifPresent(this::expr);
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
                ec.getArguments().forEach(this::expr);
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
            is.getElseStmt().ifPresent(el -> {
                armStack.push(new CallSite.Arm(b, 1, false));
                stmt(el);
                armStack.pop();
            });
            guardStack.pop();
            return exits && is.getElseStmt().isEmpty() ? g : -1;
        }

        /** True when {@code n} belongs to the try statement's own code: not inside a lambda or a local class. */
        private static boolean ownBlock(Node n, TryStmt ts) {
            Node p = n.getParentNode().orElse(null);
            while (p != null && p != ts) {
                if (p instanceof LambdaExpr || p instanceof ObjectCreationExpr
                        || p instanceof com.github.javaparser.ast.body.TypeDeclaration<?>) {
                    return false;
                }
                p = p.getParentNode().orElse(null);
            }
            return true;
        }

        /** True when a break or return in a try block leaves the loop that encloses the try statement. */
        private static boolean ownLoopLevel(Statement st, TryStmt ts) {
            boolean isBreak = st instanceof BreakStmt;
            if (isBreak && ((BreakStmt) st).getLabel().isPresent()) {
                return ownBlock(st, ts);
            }
            Node p = st.getParentNode().orElse(null);
            while (p != null && p != ts) {
                if (p instanceof LambdaExpr || p instanceof ObjectCreationExpr
                        || p instanceof com.github.javaparser.ast.body.TypeDeclaration<?>) {
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

        private static boolean exits(Statement s) {
            if (s instanceof BlockStmt b) {
                return !b.getStatements().isEmpty() && exits(b.getStatements().getLast().get());
            }
            return s instanceof ContinueStmt || s instanceof BreakStmt || s instanceof ReturnStmt
                    || s instanceof ThrowStmt;
        }

        private int newGuard(Expression cond, int firstCall, boolean earlyExit) {
            Set<Integer> ids = new LinkedHashSet<>();
            for (int i = firstCall; i < calls.size(); i++) {
                ids.add(i);
            }
            int id = guards.size();
            guards.add(new GuardFact(id, text(cond), names(cond), ids, earlyExit, range(cond)));
            return id;
        }

        // ---- expressions ----------------------------------------------------------------------------------------

        void expr(Expression e) {
            if (e instanceof MethodCallExpr mc) {
                call(mc);
            } else if (e instanceof LambdaExpr le) {
                lambda(le, -1, null);
            } else if (e instanceof VariableDeclarationExpr vde) {
                for (VariableDeclarator v : vde.getVariables()) {
                    int before = calls.size();
                    v.getInitializer().ifPresent(this::expr);
                    LocalVarBuilder lb = local(v.getNameAsString(), typeRef(v.getType()), !loopStack.isEmpty());
                    v.getInitializer().ifPresent(init -> {
                        lb.addSources(names(init));
                        for (int i = before; i < calls.size(); i++) {
                            lb.initCalls.add(i);
                        }
                        lb.initText = text(init);
                    });
                }
            } else if (e instanceof AssignExpr ae) {
                int before = calls.size();
                expr(ae.getValue());
                if (ae.getTarget() instanceof NameExpr n) {
                    LocalVarBuilder lb = locals.get(n.getNameAsString());
                    if (lb != null) {
                        lb.addSources(names(ae.getValue()));
                        for (int i = before; i < calls.size(); i++) {
                            lb.initCalls.add(i);
                        }
                        if (lb.initText == null) {
                            lb.initText = text(ae.getValue());
                        }
                    }
                } else {
                    expr(ae.getTarget());
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
                oc.getScope().ifPresent(this::expr);
                oc.getArguments().forEach(this::expr);
                String assignedTo = null;
                Node parent = oc.getParentNode().orElse(null);
                if (parent instanceof VariableDeclarator vd) {
                    assignedTo = vd.getNameAsString();
                } else if (parent instanceof AssignExpr ae && ae.getTarget() instanceof NameExpr n) {
                    assignedTo = n.getNameAsString();
                } else if (parent instanceof AssignExpr ae && ae.getTarget() instanceof FieldAccessExpr fa) {
                    assignedTo = fa.getNameAsString();
                }
                creations.add(new Object[]{oc, assignedTo,
                        new int[]{-1, lambdaStack.isEmpty() ? -1 : lambdaStack.peek()}});
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

        private void lambda(LambdaExpr le, int unusedOwner, String ownerName) {
            int id = lambdaInfo.size();
            lambdaInfo.add(new int[]{-1, lambdaStack.isEmpty() ? -1 : lambdaStack.peek()});
            List<String> ps = new ArrayList<>();
            for (Parameter p : le.getParameters()) {
                ps.add(p.getNameAsString());
            }
            lambdaParams.add(ps);
            if (!pendingLambdas.isEmpty()) {
                pendingLambdas.peek().add(id);
            }
            boolean iterating = ownerName != null && ITERATING.contains(ownerName);
            if (iterating) {
                int lid = loops.size();
                loops.add(new LoopFact(lid, "lambda:" + ownerName, ps, text(le), Set.of(), range(le)));
                loopStack.push(lid);
            }
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
            Receiver receiver;
            Optional<Expression> scope = mc.getScope();
            if (scope.isEmpty()) {
                receiver = Receiver.NONE;
            } else {
                Expression sc = scope.get();
                if (sc instanceof MethodCallExpr inner) {
                    call(inner);
                    receiver = new Receiver(Receiver.Kind.CALL, text(sc), null, calls.size() - 1);
                } else if (sc instanceof ThisExpr) {
                    receiver = new Receiver(Receiver.Kind.THIS, "this", null, -1);
                } else if (sc instanceof SuperExpr) {
                    receiver = new Receiver(Receiver.Kind.SUPER, "super", null, -1);
                } else if (sc instanceof NameExpr n) {
                    String name = n.getNameAsString();
                    boolean var = locals.containsKey(name) || paramNames.contains(name) || fields.containsKey(name);
                    boolean typeLike = !var && !name.isEmpty() && Character.isUpperCase(name.charAt(0));
                    receiver = new Receiver(typeLike ? Receiver.Kind.TYPE : Receiver.Kind.NAME, name, name, -1);
                } else if (sc instanceof FieldAccessExpr fa && fa.getScope() instanceof ThisExpr) {
                    receiver = new Receiver(Receiver.Kind.FIELD, text(sc), fa.getNameAsString(), -1);
                } else if (sc instanceof FieldAccessExpr fa && looksLikeQualifiedType(fa)) {
                    receiver = new Receiver(Receiver.Kind.TYPE, text(sc), fa.toString(), -1);
                } else {
                    expr(sc);
                    receiver = new Receiver(Receiver.Kind.OTHER, text(sc), null, -1);
                }
            }
            List<Arg> args = new ArrayList<>();
            List<Integer> lambdasHere = new ArrayList<>();
            pendingLambdas.push(lambdasHere);
            for (Expression a : mc.getArguments()) {
                int before = calls.size();
                if (a instanceof LambdaExpr le) {
                    lambda(le, -1, mc.getNameAsString());
                } else {
                    expr(a);
                }
                Set<Integer> ids = new LinkedHashSet<>();
                for (int i = before; i < calls.size(); i++) {
                    ids.add(i);
                }
                Set<String> ns = a instanceof LambdaExpr ? Set.of() : names(a);
                if (a instanceof MethodReferenceExpr mr) {
                    ns = names(mr.getScope());
                }
                args.add(new Arg(text(a), ns, ids, stringValue(a, constants)));
            }
            pendingLambdas.pop();
            int id = calls.size();
            for (int l : lambdasHere) {
                lambdaInfo.get(l)[0] = id;
            }
            for (Object[] cr : creations) {
                if (((ObjectCreationExpr) cr[0]).getParentNode().orElse(null) == mc) {
                    ((int[]) cr[2])[0] = id;
                }
            }
            String[] assigned = new String[1];
            CallSite.Use use = use(mc, assigned);
            List<CallSite.Arm> arms = new ArrayList<>(armStack);
            java.util.Collections.reverse(arms);
            List<Integer> loopIds = new ArrayList<>(loopStack);
            java.util.Collections.reverse(loopIds);
            List<Integer> gs = new ArrayList<>(guardStack);
            java.util.Collections.reverse(gs);
            calls.add(new CallSite(id, mc.getNameAsString(), receiver, args, range(mc), text(mc), use, assigned[0],
                    loopIds, arms, gs, lambdaStack.isEmpty() ? -1 : lambdaStack.peek(), catchDepth));
            // collection mutation flows into the receiver variable: ids.add(t.getId())
            // and setters fill a request or statement built here: ps.setLong(1, t.getId()), req.setOrderNo(..)
            if (receiver.kind() == Receiver.Kind.NAME && locals.containsKey(receiver.name())
                    && (Set.of("add", "addAll", "put", "offer", "push", "addLast", "addFirst", "set").contains(
                    mc.getNameAsString()) || mc.getNameAsString().startsWith("set") && !mc.getArguments().isEmpty())) {
                for (Arg a : args) {
                    locals.get(receiver.name()).addSources(a.names());
                }
            }
        }

        private static boolean looksLikeQualifiedType(FieldAccessExpr fa) {
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

        private static CallSite.Use use(Node call, String[] assigned) {
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

        private LocalVarBuilder local(String name, TypeRef type, boolean inLoop) {
            LocalVarBuilder lb = locals.get(name);
            if (lb == null) {
                lb = new LocalVarBuilder(name, type, inLoop);
                locals.put(name, lb);
            }
            return lb;
        }
    }

    private static final class LocalVarBuilder {
        final String name;
        final TypeRef type;
        boolean inLoop;
        final Set<String> sources = new LinkedHashSet<>();
        final Set<Integer> initCalls = new LinkedHashSet<>();
        String initText;

        LocalVarBuilder(String name, TypeRef type, boolean inLoop) {
            this.name = name;
            this.type = type;
            this.inLoop = inLoop;
        }

        void addSources(Set<String> s) {
            for (String x : s) {
                if (!x.equals(name)) {
                    sources.add(x);
                }
            }
        }

        LocalVar build() {
            return new LocalVar(name, type, sources, initCalls, initText, inLoop);
        }
    }

}
