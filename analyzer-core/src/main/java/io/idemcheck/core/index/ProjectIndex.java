package io.idemcheck.core.index;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.FileFacts;
import io.idemcheck.core.facts.LocalVar;
import io.idemcheck.core.facts.MethodFacts;
import io.idemcheck.core.facts.Receiver;
import io.idemcheck.core.facts.TypeFacts;
import io.idemcheck.core.facts.TypeRef;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

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
 */
public final class ProjectIndex {

    private static final Set<String> JAVA_LANG = Set.of("String", "Object", "Integer", "Long", "Short", "Byte",
            "Double", "Float", "Boolean", "Character", "Math", "System", "Thread", "Runnable", "StringBuilder",
            "StringBuffer", "Exception", "RuntimeException", "Throwable", "Error", "Iterable", "Number", "Class",
            "Enum", "Record", "Void", "CharSequence", "Comparable", "AutoCloseable", "IllegalStateException",
            "IllegalArgumentException", "InterruptedException", "StrictMath", "ThreadLocal", "Process",
            "ProcessBuilder", "Runtime");

    private final Catalog catalog;
    private final List<FileFacts> files;
    private final Map<String, TypeEntry> types = new LinkedHashMap<>();
    private final Map<String, List<TypeEntry>> bySimpleName = new HashMap<>();
    private final Map<String, List<TypeEntry>> directSubtypes = new HashMap<>();
    private final Map<TypeFacts, List<ResolvedType>> supertypeCache = new IdentityHashMap<>();
    private final Map<MethodFacts, List<CallTarget>> callCache = Collections.synchronizedMap(new IdentityHashMap<>());
    private final Map<String, List<TypeEntry>> implCache = new ConcurrentHashMap<>();
    private final List<MethodRef> methods;
    private final Map<TypeFacts, List<MethodRef>> methodsOfType = new IdentityHashMap<>();
    private final Map<TypeFacts, Integer> typeOrder = new IdentityHashMap<>();
    private final Map<MethodFacts, Integer> methodOrder = new IdentityHashMap<>();
    private volatile Map<MethodRef, List<MethodRef>> callers;
    private final Map<String, List<MethodRef>> methodsByName = new HashMap<>();
    private final Map<String, List<MethodRef>> methodsByAnnotation = new HashMap<>();
    private final Map<String, List<TypeEntry>> typesByAnnotation = new HashMap<>();
    private final Map<String, FileFacts> filesByPath = new HashMap<>();
    private final boolean anyTest;
    private final java.util.concurrent.atomic.LongAdder work = new java.util.concurrent.atomic.LongAdder();

    /**
     * Indexes {@code files}: types by name (the first file declaring a fully qualified name wins), methods by owner
     * type, name and annotation, files by path, and supertypes. Linear in the number of types and methods.
     */
    public ProjectIndex(List<FileFacts> files, Catalog catalog) {
        this.catalog = catalog;
        this.files = List.copyOf(files);
        boolean tests = false;
        for (FileFacts f : files) {
            tests |= f.test();
            filesByPath.putIfAbsent(f.relPath(), f);
            for (TypeFacts t : f.types()) {
                TypeEntry e = new TypeEntry(t, f);
                types.putIfAbsent(t.fqn(), e);
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
        for (TypeEntry e : types.values()) {
            List<ResolvedType> supers = new ArrayList<>();
            for (TypeRef s : e.type().supertypes()) {
                ResolvedType r = resolveType(s.name(), e);
                supers.add(r);
                if (r.isProject()) {
                    directSubtypes.computeIfAbsent(r.name(), k -> new ArrayList<>()).add(e);
                }
            }
            supertypeCache.put(e.type(), supers);
        }
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
        return t != null && t.isProject() ? findType(t.name()) : Optional.empty();
    }

    /** Every project type, in file and declaration order. Linear work: once per phase, never per method. */
    public java.util.Collection<TypeEntry> types() {
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

    /** Project methods named {@code name}, in file and declaration order. Constant time. */
    public List<MethodRef> methodsNamed(String name) {
        return methodsByName.getOrDefault(name, List.of());
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
        Map<MethodRef, List<MethodRef>> rev = callers();
        Set<MethodRef> seen = new LinkedHashSet<>();
        java.util.ArrayDeque<MethodRef> queue = new java.util.ArrayDeque<>();
        for (MethodRef t : targets) {
            if (seen.add(t)) {
                queue.add(t);
            }
        }
        while (!queue.isEmpty()) {
            MethodRef m = queue.pop();
            if (!includeTests && m.file().test()) {
                continue; // reachable() never steps into test code, so a test caller leads nowhere
            }
            List<MethodRef> up = rev.getOrDefault(m, List.of());
            work.add(1 + up.size());
            for (MethodRef c : up) {
                if ((includeTests || !c.file().test()) && seen.add(c)) {
                    queue.add(c);
                }
            }
        }
        return seen;
    }

    private Map<MethodRef, List<MethodRef>> callers() {
        Map<MethodRef, List<MethodRef>> rev = callers;
        if (rev != null) {
            return rev;
        }
        synchronized (this) {
            if (callers == null) {
                Map<MethodRef, List<MethodRef>> out = new HashMap<>();
                for (MethodRef m : methods) {
                    if (!m.method().hasBody()) {
                        continue;
                    }
                    work.add(1);
                    for (CallTarget t : calls(m)) {
                        for (MethodRef target : t.targets()) {
                            List<MethodRef> l = out.computeIfAbsent(target, k -> new ArrayList<>());
                            if (l.isEmpty() || !l.get(l.size() - 1).equals(m)) {
                                l.add(m);
                            }
                        }
                    }
                }
                callers = out;
            }
            return callers;
        }
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
        if (written == null || written.isEmpty() || written.equals("?")) {
            return ResolvedType.UNKNOWN;
        }
        String name = written.endsWith("[]") ? written.substring(0, written.length() - 2) : written;
        int dot = name.indexOf('.');
        if (dot > 0) {
            if (types.containsKey(name)) {
                return new ResolvedType(name, ResolvedType.Kind.PROJECT);
            }
            // Outer.Inner through the outer's resolution
            ResolvedType outer = resolveType(name.substring(0, dot), file, enclosing);
            String candidate = outer.name() + name.substring(dot);
            if (outer.isProject() && types.containsKey(candidate)) {
                return new ResolvedType(candidate, ResolvedType.Kind.PROJECT);
            }
            if (Character.isLowerCase(name.charAt(0))) {
                return classify(name);
            }
            if (outer.isProject()) {
                // a nested type of a project type that no source declares: generated (Lombok's Outer.OuterBuilder,
                // an annotation processor's output); its name is known, its members are not
                return new ResolvedType(candidate, ResolvedType.Kind.UNKNOWN);
            }
            return outer.kind() == ResolvedType.Kind.UNKNOWN ? new ResolvedType(name, ResolvedType.Kind.UNKNOWN)
                    : new ResolvedType(candidate, outer.kind());
        }
        // nested types of the enclosing type and its outers
        if (enclosing != null) {
            String scope = enclosing.fqn();
            while (scope != null) {
                String c = scope + "." + name;
                if (types.containsKey(c)) {
                    return new ResolvedType(c, ResolvedType.Kind.PROJECT);
                }
                int i = scope.lastIndexOf('.');
                scope = i < 0 ? null : scope.substring(0, i);
                if (scope != null && scope.equals(file.packageName())) {
                    break;
                }
            }
        }
        String imported = file.imports().get(name);
        if (imported != null) {
            return types.containsKey(imported) ? new ResolvedType(imported, ResolvedType.Kind.PROJECT)
                    : classify(imported);
        }
        String samePkg = file.packageName().isEmpty() ? name : file.packageName() + "." + name;
        if (types.containsKey(samePkg)) {
            return new ResolvedType(samePkg, ResolvedType.Kind.PROJECT);
        }
        for (String w : file.wildcards()) {
            String c = w + "." + name;
            if (types.containsKey(c)) {
                return new ResolvedType(c, ResolvedType.Kind.PROJECT);
            }
        }
        if (JAVA_LANG.contains(name)) {
            return new ResolvedType("java.lang." + name, ResolvedType.Kind.LIBRARY);
        }
        if (Set.of("int", "long", "short", "byte", "double", "float", "boolean", "char", "void").contains(name)) {
            return new ResolvedType(name, ResolvedType.Kind.LIBRARY);
        }
        for (String w : file.wildcards()) {
            if (catalog.isLibrary(w + ".")) {
                // a wildcard import of a known library: the type most likely comes from there
                if (file.wildcards().size() == 1) {
                    return new ResolvedType(w + "." + name, ResolvedType.Kind.LIBRARY);
                }
            }
        }
        // a project type of this simple name in another package that the file cannot see is not a match
        return new ResolvedType(name, ResolvedType.Kind.UNKNOWN);
    }

    private ResolvedType classify(String fqn) {
        return new ResolvedType(fqn, catalog.isLibrary(fqn) ? ResolvedType.Kind.LIBRARY : ResolvedType.Kind.EXTERNAL);
    }

    /** Direct supertypes of a project type, resolved. */
    public List<ResolvedType> supertypes(TypeFacts t) {
        List<ResolvedType> s = supertypeCache.get(t);
        return s == null ? List.of() : s;
    }

    /** The type and all its supertypes (project ones recursively), nearest first; names as resolved. */
    public List<ResolvedType> allSupertypes(TypeEntry e) {
        List<ResolvedType> out = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        collectSupers(e, out, seen);
        return out;
    }

    private void collectSupers(TypeEntry e, List<ResolvedType> out, Set<String> seen) {
        for (ResolvedType r : supertypes(e.type())) {
            if (seen.add(r.name())) {
                out.add(r);
                typeOf(r).ifPresent(s -> collectSupers(s, out, seen));
            }
        }
    }

    /** True when the type or a supertype has the simple name {@code simple} (project or library). */
    public boolean isSubtypeOf(TypeEntry e, String simple) {
        if (e.type().simpleName().equals(simple)) {
            return true;
        }
        for (ResolvedType r : allSupertypes(e)) {
            if (r.simpleName().equals(simple)) {
                return true;
            }
        }
        return false;
    }

    /** Project classes that implement or extend {@code fqn}, transitively (not including {@code fqn} itself). */
    public List<TypeEntry> subtypes(String fqn) {
        return implCache.computeIfAbsent(fqn, k -> {
            List<TypeEntry> out = new ArrayList<>();
            Set<String> seen = new LinkedHashSet<>();
            List<String> work = new ArrayList<>(List.of(k));
            while (!work.isEmpty()) {
                String cur = work.remove(work.size() - 1);
                for (TypeEntry s : directSubtypes.getOrDefault(cur, List.of())) {
                    if (seen.add(s.fqn())) {
                        out.add(s);
                        work.add(s.fqn());
                    }
                }
            }
            return out;
        });
    }

    // ---- methods ----------------------------------------------------------------------------------------------------

    /**
     * Methods named {@code name} with {@code arity} parameters in the type or its project supertypes, nearest first;
     * empty when none is declared in source (a Lombok-generated getter or builder method, an inherited library method).
     */
    public List<MethodRef> findMethods(TypeEntry e, String name, int arity) {
        List<MethodRef> out = new ArrayList<>();
        addMatching(e, name, arity, out);
        if (!out.isEmpty()) {
            return out;
        }
        for (ResolvedType r : allSupertypes(e)) {
            Optional<TypeEntry> s = typeOf(r);
            if (s.isPresent()) {
                addMatching(s.get(), name, arity, out);
                if (!out.isEmpty()) {
                    return out;
                }
            }
        }
        return out;
    }

    private static void addMatching(TypeEntry e, String name, int arity, List<MethodRef> out) {
        for (MethodFacts m : e.type().methods()) {
            if (m.name().equals(name) && (m.arity() == arity || isVarargs(m) && arity >= m.arity() - 1)) {
                out.add(new MethodRef(e, m));
            }
        }
    }

    private static boolean isVarargs(MethodFacts m) {
        return !m.params().isEmpty() && m.params().get(m.arity() - 1).type().text().endsWith("...");
    }

    /** The resolved targets of every call in {@code m}'s body, indexed by call id. Cached. */
    public List<CallTarget> calls(MethodRef m) {
        List<CallTarget> cached = callCache.get(m.method());
        if (cached != null) {
            return cached;
        }
        List<CallTarget> out = new ArrayList<>();
        work.add(1 + m.method().body().calls().size());
        for (CallSite c : m.method().body().calls()) {
            out.add(resolve(m, c, out));
        }
        List<CallTarget> result = List.copyOf(out);
        callCache.put(m.method(), result);
        return result;
    }

    private CallTarget resolve(MethodRef caller, CallSite c, List<CallTarget> earlier) {
        Receiver r = c.receiver();
        TypeEntry owner = caller.owner();
        switch (r.kind()) {
            case NONE, THIS -> {
                // the enclosing class and its supertypes, then outer classes, then static imports
                TypeEntry scope = owner;
                while (scope != null) {
                    List<MethodRef> found = findMethods(scope, c.name(), c.argCount());
                    if (!found.isEmpty()) {
                        return target(caller, c, new ResolvedType(scope.fqn(), ResolvedType.Kind.PROJECT), found.get(0));
                    }
                    scope = outer(scope);
                }
                String staticOwner = caller.file().staticImports().get(c.name());
                if (staticOwner != null) {
                    ResolvedType t = types.containsKey(staticOwner) ? new ResolvedType(staticOwner, ResolvedType.Kind.PROJECT) : classify(staticOwner);
                    return lookup(caller, c, t);
                }
                return new CallTarget(c, new ResolvedType(owner.fqn(), ResolvedType.Kind.PROJECT), List.of(), null);
            }
            case SUPER -> {
                for (ResolvedType s : supertypes(owner.type())) {
                    Optional<TypeEntry> st = typeOf(s);
                    if (st.isPresent()) {
                        List<MethodRef> found = findMethods(st.get(), c.name(), c.argCount());
                        if (!found.isEmpty()) {
                            return new CallTarget(c, s, List.of(found.get(0)), found.get(0));
                        }
                    }
                }
                return new CallTarget(c, supertypes(owner.type()).isEmpty() ? ResolvedType.UNKNOWN : supertypes(owner.type()).get(0), List.of(), null);
            }
            case NAME, FIELD -> {
                Optional<TypeRef> declared = variableType(caller, r.name(), r.kind() == Receiver.Kind.FIELD);
                if (declared.isEmpty() || declared.get().isUnknown()) {
                    return new CallTarget(c, ResolvedType.UNKNOWN, List.of(), null);
                }
                return lookup(caller, c, resolveType(declared.get().name(), caller.file(), caller.type()));
            }
            case TYPE -> {
                return lookup(caller, c, resolveType(r.name(), caller.file(), caller.type()));
            }
            case CALL -> {
                CallTarget inner = r.callId() >= 0 && r.callId() < earlier.size() ? earlier.get(r.callId()) : null;
                if (inner == null) {
                    return new CallTarget(c, ResolvedType.UNKNOWN, List.of(), null);
                }
                if (inner.declared() != null) {
                    MethodRef im = inner.declared();
                    TypeRef ret = im.method().returnType();
                    return lookup(caller, c, resolveType(ret.name(), im.file(), im.type()));
                }
                Optional<ResolvedType> element = elementType(caller, r.callId());
                if (element.isPresent()) {
                    return lookup(caller, c, element.get());
                }
                // chained on a library or unknown object: keep the chain root's type (fluent APIs)
                return new CallTarget(c, inner.receiverType(), List.of(), null);
            }
            default -> {
                return new CallTarget(c, ResolvedType.UNKNOWN, List.of(), null);
            }
        }
    }

    private static final Set<String> ELEMENT_GETTERS = Set.of("get", "getFirst", "getLast", "peek", "poll", "pop",
            "remove", "take", "next", "element", "orElseThrow", "orElse");
    private static final Set<String> CONTAINERS = Set.of("List", "ArrayList", "LinkedList", "Collection", "Set",
            "HashSet", "LinkedHashSet", "Queue", "Deque", "ArrayDeque", "BlockingQueue", "LinkedBlockingQueue",
            "Iterator", "Optional", "CopyOnWriteArrayList", "Map", "HashMap", "LinkedHashMap", "ConcurrentHashMap");

    /**
     * The project element type of {@code xs.get(i)} (and peek, poll, next, ...) when {@code xs} is a variable declared
     * as a JDK container of a project type ({@code List<DailyTask>}, {@code Map<String, Handler>}: the last type
     * argument): a job that runs each registered handler ({@code handlers.get(i).execute()}) calls the handlers.
     * Empty otherwise.
     */
    private Optional<ResolvedType> elementType(MethodRef caller, int innerCallId) {
        List<CallSite> calls = caller.method().body().calls();
        if (innerCallId < 0 || innerCallId >= calls.size()) {
            return Optional.empty();
        }
        CallSite inner = calls.get(innerCallId);
        Receiver ir = inner.receiver();
        if (!ELEMENT_GETTERS.contains(inner.name())
                || ir.kind() != Receiver.Kind.NAME && ir.kind() != Receiver.Kind.FIELD) {
            return Optional.empty();
        }
        Optional<TypeRef> declared = variableType(caller, ir.name(), ir.kind() == Receiver.Kind.FIELD);
        if (declared.isEmpty() || declared.get().typeArgs().isEmpty()) {
            return Optional.empty();
        }
        String container = declared.get().name();
        container = container.substring(container.lastIndexOf('.') + 1);
        if (!CONTAINERS.contains(container)) {
            return Optional.empty();
        }
        List<String> args = declared.get().typeArgs();
        ResolvedType element = resolveType(args.get(args.size() - 1), caller.file(), caller.type());
        return element.isProject() ? Optional.of(element) : Optional.empty();
    }

    private TypeEntry outer(TypeEntry e) {
        String fqn = e.fqn();
        int i = fqn.lastIndexOf('.');
        if (i < 0) {
            return null;
        }
        return types.get(fqn.substring(0, i));
    }

    /**
     * The declared method plus its overrides in project subtypes (interface dispatch). Main code never dispatches
     * into test code: a test's fake implementation of a mapper is not what production runs.
     */
    private CallTarget target(MethodRef caller, CallSite c, ResolvedType recv, MethodRef declared) {
        List<MethodRef> targets = new ArrayList<>();
        targets.add(declared);
        if (!declared.method().isStatic() && !"private".equals(declared.method().visibility())) {
            for (TypeEntry sub : subtypes(declared.owner().fqn())) {
                if (sub.file().test() && !caller.file().test()) {
                    continue;
                }
                for (MethodFacts m : sub.type().methods()) {
                    if (m.name().equals(declared.method().name()) && m.arity() == declared.method().arity()
                            && m.hasBody()) {
                        targets.add(new MethodRef(sub, m));
                    }
                }
            }
        }
        return new CallTarget(c, recv, targets, declared);
    }

    private CallTarget lookup(MethodRef caller, CallSite c, ResolvedType t) {
        Optional<TypeEntry> owner = typeOf(t);
        if (owner.isEmpty()) {
            return new CallTarget(c, t, List.of(), null);
        }
        List<MethodRef> found = findMethods(owner.get(), c.name(), c.argCount());
        if (found.isEmpty()) {
            return new CallTarget(c, t, List.of(), null);
        }
        return target(caller, c, t, found.get(0));
    }

    /**
     * Every method reachable from {@code starts} by repeatedly following {@code next} (the starts included), in
     * breadth-first order. The one graph walk of the engine: call-graph reachability and the rules' variants of it
     * (a test's reach, a job's reach) all go through it.
     */
    public Set<MethodRef> closure(Collection<MethodRef> starts,
                                  java.util.function.Function<MethodRef, Collection<MethodRef>> next) {
        Set<MethodRef> seen = new LinkedHashSet<>();
        java.util.ArrayDeque<MethodRef> queue = new java.util.ArrayDeque<>();
        for (MethodRef s : starts) {
            if (seen.add(s)) {
                queue.add(s);
            }
        }
        while (!queue.isEmpty()) {
            MethodRef m = queue.pop();
            if (!m.method().hasBody()) {
                continue;
            }
            Collection<MethodRef> ns = next.apply(m);
            work.add(1 + ns.size());
            for (MethodRef n : ns) {
                if (seen.add(n)) {
                    queue.add(n);
                }
            }
        }
        return seen;
    }

    /** Project methods reachable from {@code starts} through the call graph; test code only with {@code includeTests}. */
    public Set<MethodRef> reachable(Collection<MethodRef> starts, boolean includeTests) {
        return closure(starts, m -> {
            List<MethodRef> out = new ArrayList<>();
            for (CallTarget t : calls(m)) {
                for (MethodRef target : t.targets()) {
                    if (includeTests || !target.file().test()) {
                        out.add(target);
                    }
                }
            }
            return out;
        });
    }

    /**
     * The declared type of a variable visible in {@code m}: a local, a parameter, or a field of the type, its
     * project supertypes or its outer types. Empty when no source declares it (a field of a library superclass, a
     * name the parser could not see).
     */
    public Optional<TypeRef> variableType(MethodRef m, String name, boolean fieldOnly) {
        if (name == null) {
            return Optional.empty();
        }
        if (!fieldOnly && m.method().body() != null) {
            LocalVar lv = m.method().body().locals().get(name);
            if (lv != null) {
                return Optional.ofNullable(lv.type());
            }
        }
        if (!fieldOnly) {
            for (MethodFacts.Param p : m.method().params()) {
                if (p.name().equals(name)) {
                    return Optional.ofNullable(p.type());
                }
            }
        }
        TypeEntry scope = m.owner();
        while (scope != null) {
            TypeRef f = scope.type().fields().get(name);
            if (f != null) {
                return Optional.of(f);
            }
            for (ResolvedType s : allSupertypes(scope)) {
                Optional<TypeRef> sf = typeOf(s).map(st -> st.type().fields().get(name));
                if (sf.isPresent()) {
                    return sf;
                }
            }
            scope = outer(scope);
        }
        return Optional.empty();
    }
}
