package io.idemcheck.core.index;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.facts.FileFacts;
import io.idemcheck.core.facts.MethodFacts;
import io.idemcheck.core.facts.TypeFacts;
import io.idemcheck.core.facts.TypeRef;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;

/**
 * The project-wide index over all files' facts: types by name, supertypes and implementations, and call
 * resolution (name + arity + receiver's declared type; overloads by arity; interface calls dispatch to the project's
 * implementations). Thread-safe after construction.
 *
 * <p>Every lookup is total: a type, method or field that is not declared in the scanned sources (a Lombok builder
 * such as {@code OrderDO.OrderDOBuilder} or a Lombok getter, an annotation processor's output, a type from a jar, an
 * import that resolves to nothing) answers "unknown" ({@link Optional#empty()}, an empty list, or a
 * {@link ResolvedType} whose kind is not {@link ResolvedType.Kind#PROJECT}), never null and never an exception.
 * Invariant: a {@link ResolvedType} of kind PROJECT returned by this index always names a type in {@link #types()}.
 *
 * <p>This class holds the lookup maps (types, methods and files by name, owner, annotation and path) and answers the
 * rest through four parts, one concern each: {@link TypeHierarchy} (type names and the type hierarchy),
 * {@link CallResolver} (what a call reaches, the type of a variable), {@link CallGraph} (walks over the calls) and
 * {@link StringConstants} (string constants named across types).
 */
public final class ProjectIndex {

    private final Catalog catalog;
    private final TypeHierarchy hierarchy;
    private final CallResolver resolver;
    private final CallGraph graph;
    private final StringConstants constants;
    private final List<FileFacts> files;
    private final Map<String, TypeEntry> types = new LinkedHashMap<>();
    private final Map<String, List<TypeEntry>> bySimpleName = new HashMap<>();
    private final List<MethodRef> methods;
    private final Map<TypeFacts, List<MethodRef>> methodsOfType = new IdentityHashMap<>();
    private final Map<TypeFacts, Integer> typeOrder = new IdentityHashMap<>();
    private final Map<MethodFacts, Integer> methodOrder = new IdentityHashMap<>();
    private final Map<String, List<MethodRef>> methodsByName = new HashMap<>();
    private final Map<String, List<MethodRef>> methodsByAnnotation = new HashMap<>();
    private final Map<String, List<TypeEntry>> typesByAnnotation = new HashMap<>();
    private final Map<String, FileFacts> filesByPath = new HashMap<>();
    private final Map<String, List<MethodRef>> callersByName = new java.util.concurrent.ConcurrentHashMap<>();
    private final boolean anyTest;
    private final LongAdder work;

    /**
     * Indexes {@code files}: types by name (the first main-code file declaring a fully qualified name wins, a test
     * file's declaration only when no main-code file has one: main code never compiles against test code, and the
     * answer must not depend on which test files a scan parsed), methods by owner type, name and annotation, files by
     * path, and supertypes. Linear in the number of types and methods.
     */
    public ProjectIndex(List<FileFacts> files, Catalog catalog) {
        this(files, catalog, new LongAdder());
    }

    /**
     * An index over {@code files} (usually this index's files and more, in path order) with this index's catalog,
     * whose work ({@link #work()}) is counted in this index's count too, so a scan's work count covers it.
     */
    public ProjectIndex withFiles(List<FileFacts> files) {
        return new ProjectIndex(files, catalog, work);
    }

    private ProjectIndex(List<FileFacts> files, Catalog catalog, LongAdder work) {
        this.work = work;
        this.catalog = catalog;
        this.files = List.copyOf(files);
        this.hierarchy = new TypeHierarchy(types, catalog);
        boolean tests = false;
        for (FileFacts f : files) {
            tests |= f.test();
            filesByPath.putIfAbsent(f.relPath(), f);
            for (TypeFacts t : f.types()) {
                TypeEntry e = new TypeEntry(t, f);
                TypeEntry had = types.get(t.fqn());
                if (had == null) {
                    types.put(t.fqn(), e);
                } else if (had.file().test() && !f.test()) {
                    // in the order the index would have without the test file's declaration
                    types.remove(t.fqn());
                    types.put(t.fqn(), e);
                }
                bySimpleName.computeIfAbsent(t.simpleName(), k -> new ArrayList<>()).add(e);
            }
        }
        anyTest = tests;
        List<MethodRef> all = new ArrayList<>();
        for (TypeEntry e : types.values()) {
            typeOrder.put(e.type(), typeOrder.size());
            List<MethodRef> own = new ArrayList<>(e.type().methods().size());
            for (MethodFacts m : e.type().methods()) {
                MethodRef r = new MethodRef(e, m);
                own.add(r);
                methodOrder.putIfAbsent(m, methodOrder.size());
                methodsByName.computeIfAbsent(m.name(), k -> new ArrayList<>()).add(r);
                for (var a : m.annotations()) {
                    List<MethodRef> l = methodsByAnnotation.computeIfAbsent(a.simpleName(), k -> new ArrayList<>());
                    if (l.isEmpty() || l.get(l.size() - 1) != r) {
                        l.add(r);
                    }
                }
            }
            for (var a : e.type().annotations()) {
                List<TypeEntry> l = typesByAnnotation.computeIfAbsent(a.simpleName(), k -> new ArrayList<>());
                if (l.isEmpty() || l.get(l.size() - 1) != e) {
                    l.add(e);
                }
            }
            methodsOfType.put(e.type(), List.copyOf(own));
            all.addAll(own);
        }
        methods = List.copyOf(all);
        hierarchy.indexSupertypes(types.values());
        resolver = new CallResolver(types, hierarchy, work);
        graph = new CallGraph(methods, resolver, work);
        constants = new StringConstants(hierarchy, types);
    }

    public Catalog catalog() {
        return catalog;
    }

    /**
     * Every parsed file, in path order. Iterating it is linear work: call it once per scan phase, never per method
     * or per test (use {@link #file(String)} or {@link #anyTestSources()}).
     */
    public List<FileFacts> files() {
        work.add(files.size());
        return files;
    }

    /** The file at {@code relPath} (relative to the source root, '/' separated); empty when not parsed. Constant time. */
    public Optional<FileFacts> file(String relPath) {
        return relPath == null ? Optional.empty() : Optional.ofNullable(filesByPath.get(relPath));
    }

    /** True when some parsed file is test code. Constant time. */
    public boolean anyTestSources() {
        return anyTest;
    }

    /** The project type named {@code fqn} (nested types with dots: {@code com.acme.Outer.Inner}); empty when not in source. */
    public Optional<TypeEntry> findType(String fqn) {
        return fqn == null ? Optional.empty() : Optional.ofNullable(types.get(fqn));
    }

    /** The project type a resolution names; empty when it is not a project type (library, external, unknown). */
    public Optional<TypeEntry> typeOf(ResolvedType t) {
        return hierarchy.typeOf(t);
    }

    /** Every project type, in file and declaration order. Linear work: once per phase, never per method. */
    public Collection<TypeEntry> types() {
        work.add(types.size());
        return types.values();
    }

    /**
     * All project methods, in file and declaration order (built once; the same list on every call). Linear work:
     * iterate it once per rule, never inside a per-method or per-test loop (use {@link #methodsOf},
     * {@link #methodsNamed}, {@link #methodsAnnotated}).
     */
    public List<MethodRef> methods() {
        work.add(methods.size());
        return methods;
    }

    /** The methods declared by {@code e} itself (not inherited), in declaration order. Constant time. */
    public List<MethodRef> methodsOf(TypeEntry e) {
        List<MethodRef> own = methodsOfType.get(e.type());
        return own == null ? List.of() : own;
    }

    /** How many methods {@link #methods()} holds (without counting it as a pass over them). */
    public int methodCount() {
        return methods.size();
    }

    /** Project methods named {@code name}, in file and declaration order. Constant time. */
    public List<MethodRef> methodsNamed(String name) {
        return methodsByName.getOrDefault(name, List.of());
    }

    /**
     * Project methods (main and test) whose body holds a call named {@code callName}, in {@link #methods()} order.
     * The first query for a name walks every body once (linear in the project's calls); later ones are a lookup.
     * Thread-safe.
     */
    public List<MethodRef> methodsCalling(String callName) {
        return callersByName.computeIfAbsent(callName, n -> {
            work.add(methods.size());
            List<MethodRef> out = new ArrayList<>();
            for (MethodRef m : methods) {
                if (m.method().body() == null) {
                    continue;
                }
                for (var c : m.method().body().calls()) {
                    if (c.name().equals(n)) {
                        out.add(m);
                        break;
                    }
                }
            }
            return List.copyOf(out);
        });
    }

    /** Project methods carrying an annotation with this simple name, in file and declaration order. Constant time. */
    public List<MethodRef> methodsAnnotated(String annotationSimpleName) {
        return methodsByAnnotation.getOrDefault(annotationSimpleName, List.of());
    }

    /** Project types carrying an annotation with this simple name, in file and declaration order. Constant time. */
    public List<TypeEntry> typesAnnotated(String annotationSimpleName) {
        return typesByAnnotation.getOrDefault(annotationSimpleName, List.of());
    }

    /** Project types with this simple name (every declaration, also shadowed duplicates), in file order. */
    public List<TypeEntry> typesNamed(String simpleName) {
        return bySimpleName.getOrDefault(simpleName, List.of());
    }

    /**
     * The position of {@code e} in {@link #types()} order (0-based), or -1 for a type the index does not hold; sorts
     * results gathered from lookups back into index order.
     */
    public int order(TypeEntry e) {
        Integer i = typeOrder.get(e.type());
        return i == null ? -1 : i;
    }

    /** The position of {@code m} in {@link #methods()} order (0-based), or -1 for a method the index does not hold. */
    public int order(MethodRef m) {
        Integer i = methodOrder.get(m.method());
        return i == null ? -1 : i;
    }

    /**
     * Every method from which the call graph leads to one of {@code targets} (the targets included): the reverse of
     * {@link #reachable}, over callers with a body; test code only with {@code includeTests}. {@code ep} is in
     * {@code ancestors(List.of(h), t)} exactly when {@code h} is in {@code reachable(List.of(ep), t)} for a start
     * {@code ep} in main code (or any start with {@code includeTests}). The reversed graph is built once (linear in
     * the project's calls); each query costs the callers it visits.
     */
    public Set<MethodRef> ancestors(Collection<MethodRef> targets, boolean includeTests) {
        return graph.ancestors(targets, includeTests);
    }

    /**
     * The calls in main code that may run {@code target} (one of their resolved {@link CallTarget#targets()}), in
     * {@link #methods()} order and, within a caller, in call order; empty when none does. The reversed call-site graph
     * is built once, on first use (linear in the project's calls), thread-safe; test code calls nothing here.
     */
    public List<CallerSite> callSitesOf(MethodRef target) {
        return graph.callSitesOf(target);
    }

    /**
     * Units of work done through the index so far: elements handed out by {@link #files()}, {@link #types()} and
     * {@link #methods()}, calls resolved, and methods expanded by {@link #closure}. Deterministic for a given input
     * (unlike time); a scan whose work grows faster than its input has a superlinear phase.
     */
    public long work() {
        return work.sum();
    }

    /** Adds {@code units} to {@link #work()}: engine phases outside the index count their per-item loops here. */
    public void countWork(long units) {
        work.add(units);
    }

    // ---- types ------------------------------------------------------------------------------------------------------

    /** Resolves a type name as written inside {@code context}'s file (nested types, imports, package, java.lang). */
    public ResolvedType resolveType(String written, TypeEntry context) {
        return resolveType(written, context.file(), context.type());
    }

    /** Resolves a type name as written in {@code file}, inside type {@code enclosing} (may be null). */
    public ResolvedType resolveType(String written, FileFacts file, TypeFacts enclosing) {
        return hierarchy.resolveType(written, file, enclosing);
    }

    /**
     * The value of a compile-time string expression as written inside {@code context} (an annotation member's text such
     * as {@code Tables.CHARGE}, {@code TABLE} or {@code Tables.PREFIX + "charge"}): string literals and
     * {@code static final String} constants of the type, its supertypes and outer types, statically imported ones and
     * those of a named project type. Empty when some part is not such a constant.
     */
    public Optional<String> stringConstant(String text, TypeEntry context) {
        return constants.value(text, context);
    }

    /** Direct supertypes of a project type, resolved. */
    public List<ResolvedType> supertypes(TypeFacts t) {
        return hierarchy.supertypes(t);
    }

    /** The type and all its supertypes (project ones recursively), nearest first; names as resolved. */
    public List<ResolvedType> allSupertypes(TypeEntry e) {
        return hierarchy.allSupertypes(e);
    }

    /** True when the type or a supertype has the simple name {@code simple} (project or library). */
    public boolean isSubtypeOf(TypeEntry e, String simple) {
        return hierarchy.isSubtypeOf(e, simple);
    }

    /** Project classes that implement or extend {@code fqn}, transitively (not including {@code fqn} itself). */
    public List<TypeEntry> subtypes(String fqn) {
        return hierarchy.subtypes(fqn);
    }

    // ---- methods ----------------------------------------------------------------------------------------------------

    /**
     * Methods named {@code name} with {@code arity} parameters in the type or its project supertypes, nearest first;
     * empty when none is declared in source (a Lombok-generated getter or builder method, an inherited library method).
     */
    public List<MethodRef> findMethods(TypeEntry e, String name, int arity) {
        return resolver.findMethods(e, name, arity);
    }

    /** The resolved targets of every call in {@code m}'s body, indexed by call id. Cached. */
    public List<CallTarget> calls(MethodRef m) {
        return resolver.calls(m);
    }

    /**
     * The resolved target of call {@code callId} of {@code m}, as {@link #calls} gives it; when {@code m}'s calls are
     * not resolved yet, that call alone with its receiver chain is (not cached): for a question about one call.
     * Thread-safe, as {@link #calls}.
     *
     * @param callId the call's {@link io.idemcheck.core.facts.CallSite#id}, its position in {@code m}'s body
     * @throws IndexOutOfBoundsException when {@code m}'s body has no call {@code callId}
     */
    public CallTarget call(MethodRef m, int callId) {
        return resolver.call(m, callId);
    }

    /**
     * Every method reachable from {@code starts} by repeatedly following {@code next} (the starts included), in
     * breadth-first order. The one graph walk of the engine: call-graph reachability and the rules' variants of it
     * (a test's reach, a job's reach) all go through it.
     */
    public Set<MethodRef> closure(Collection<MethodRef> starts, Function<MethodRef, Collection<MethodRef>> next) {
        return graph.closure(starts, next);
    }

    /** Project methods reachable from {@code starts} through the call graph; test code only with {@code includeTests}. */
    public Set<MethodRef> reachable(Collection<MethodRef> starts, boolean includeTests) {
        return graph.reachable(starts, includeTests);
    }

    /**
     * The declared type of a variable visible in {@code m}: a local, a parameter, or a field of the type, its
     * project supertypes or its outer types. Empty when no source declares it (a field of a library superclass, a
     * name the parser could not see).
     */
    public Optional<TypeRef> variableType(MethodRef m, String name, boolean fieldOnly) {
        return resolver.variableType(m, name, fieldOnly);
    }
}
