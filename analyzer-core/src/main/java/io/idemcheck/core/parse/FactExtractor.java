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
    static final Set<String> ITERATING = Set.of("forEach", "forEachOrdered", "map", "flatMap", "peek",
            "filter", "anyMatch", "allMatch", "noneMatch", "mapToObj", "mapToInt", "mapToLong", "forEachRemaining",
            "removeIf", "replaceAll", "computeIfAbsent", "compute", "merge");

    /** Calls on a local that fill it with their arguments' values ({@code ids.add(t.getId())}). */
    static final Set<String> FILLING = Set.of("add", "addAll", "put", "offer", "push", "addLast", "addFirst", "set");

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
        Local local = new Local(fqn);
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
        if (td instanceof RecordDeclaration r) {
            // a record's implicit accessors (payout() on record Settlement(long payout)) are declared like Lombok's:
            // synthetic, so that a call to one resolves to a read of the component and not to a name in a vocabulary
            for (Parameter p : r.getParameters()) {
                if (declared.add(p.getNameAsString() + "/0")) {
                    methods.add(new MethodFacts(p.getNameAsString(), List.of(), typeRef(p.getType()), List.of(), false,
                            false, "public", nameRange, nameRange, Body.EMPTY, true));
                }
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
    static final class Local {
        final String ownerFqn;
        final List<TypeFacts> types = new ArrayList<>();
        int counter;

        Local(String ownerFqn) {
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
            // a varargs parameter: text as written (String...), its erasure the array it is in the body and in an
            // override (String[]); JavaParser's type is the element type (String)
            TypeRef t = typeRef(p.getType());
            if (p.isVarArgs()) {
                t = new TypeRef(t.text() + "...", t.name() + "[]", t.typeArgs());
            }
            params.add(new MethodFacts.Param(p.getNameAsString(), t, annotations(p, constants)));
        }
        Optional<BlockStmt> body = cd instanceof MethodDeclaration md ? md.getBody()
                : Optional.of(((ConstructorDeclaration) cd).getBody());
        Body b = Body.EMPTY;
        if (body.isPresent()) {
            BodyBuilder bb = new BodyBuilder(fields, constants, params, local);
            bb.stmt(body.get());
            b = bb.build(body.get());
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
            if (c.getTypeArguments().isPresent()) {
                for (Type a : c.getTypeArguments().get()) {
                    args.add(erasure(a.asString()));
                }
            }
            name = erasure(text);
        } else {
            name = erasure(text);
        }
        return new TypeRef(text, name, args);
    }

    private static final java.util.regex.Pattern TYPE_ANNOTATION = java.util.regex.Pattern.compile("@\\S+\\s+");

    static String erasure(String text) {
        int lt = text.indexOf('<');
        String s = lt < 0 ? text : text.substring(0, lt);
        // drop annotations written inside the type, keep qualified names (the regex only when there is one: this runs
        // for every type written in the sources)
        if (s.indexOf('@') >= 0) {
            s = TYPE_ANNOTATION.matcher(s).replaceAll("");
        }
        return s.trim();
    }

    static Range range(Node n) {
        com.github.javaparser.Range r = n.getRange().orElse(null);
        return r == null ? Range.NONE : new Range(r.begin.line, r.begin.column, r.end.line, r.end.column + 1);
    }

    /**
     * The source text of {@code n} (its tokens as written), cut at {@value #MAX_TEXT} characters. Only the tokens up
     * to the cut are visited: a call whose argument is a long lambda costs as much as a short one.
     */
    static String text(Node n) {
        java.util.Optional<TokenRange> tokens = n.getTokenRange();
        if (tokens.isEmpty()) {
            String s = n.toString();
            return s.length() > MAX_TEXT ? s.substring(0, MAX_TEXT) : s;
        }
        StringBuilder sb = new StringBuilder();
        for (com.github.javaparser.JavaToken t : tokens.get()) {
            sb.append(t.getText());
            if (sb.length() >= MAX_TEXT) {
                return sb.substring(0, MAX_TEXT);
            }
        }
        return sb.toString();
    }

    /**
     * {@link #text}{@code (e)} of an expression a body walk has just walked, adding its calls to {@code calls}: a
     * call's text is the one its call site holds (the last one added), not a second copy rebuilt from the tokens.
     */
    static String text(Expression e, List<CallSite> calls) {
        return e instanceof MethodCallExpr && !calls.isEmpty() ? calls.get(calls.size() - 1).text() : text(e);
    }

    /**
     * {@link #text}{@code (n)} for a node that starts with {@code prefix}, whose text {@code prefixText} is known (a
     * call on the result of another, {@code a.b().c()}): only the tokens after the prefix are visited, so that a chain
     * of calls costs its length and not its square. Any other shape is {@link #text}.
     */
    static String textAfter(Node n, Node prefix, String prefixText) {
        java.util.Optional<TokenRange> whole = n.getTokenRange();
        java.util.Optional<TokenRange> head = prefix.getTokenRange();
        if (whole.isEmpty() || head.isEmpty() || whole.get().getBegin() != head.get().getBegin()) {
            return text(n);
        }
        if (prefixText.length() >= MAX_TEXT) {
            return prefixText; // already cut: the first MAX_TEXT characters of n's tokens too
        }
        com.github.javaparser.JavaToken end = whole.get().getEnd();
        com.github.javaparser.JavaToken t = head.get().getEnd();
        StringBuilder sb = new StringBuilder(prefixText);
        while (t != end) {
            java.util.Optional<com.github.javaparser.JavaToken> next = t.getNextToken();
            if (next.isEmpty()) {
                return text(n);
            }
            t = next.get();
            sb.append(t.getText());
            if (sb.length() >= MAX_TEXT) {
                return sb.substring(0, MAX_TEXT);
            }
        }
        return sb.toString();
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

    /**
     * The variable names {@code n} reads: every {@link NameExpr} in it (itself included), in pre-order, then every
     * {@code this.field} it reads, in pre-order. One walk of the subtree (this runs for every argument of every call).
     */
    static Set<String> names(Node n) {
        Set<String> out = new LinkedHashSet<>();
        List<String> fields = new ArrayList<>();
        collectNames(n, out, fields);
        out.addAll(fields);
        return out;
    }

    private static void collectNames(Node n, Set<String> names, List<String> fields) {
        if (n instanceof NameExpr ne) {
            names.add(ne.getNameAsString());
        } else if (n instanceof FieldAccessExpr fa && fa.getScope() instanceof ThisExpr) {
            fields.add(fa.getNameAsString());
        }
        for (Node c : n.getChildNodes()) {
            collectNames(c, names, fields);
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
}
