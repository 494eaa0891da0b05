package io.idemcheck.core.index;

import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.LocalVar;
import io.idemcheck.core.facts.MethodFacts;
import io.idemcheck.core.facts.Receiver;
import io.idemcheck.core.facts.TypeFacts;
import io.idemcheck.core.facts.TypeRef;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The index's call resolution: the methods a call reaches (name + arity + the receiver's declared type; overloads by
 * arity; interface calls dispatch to the project's implementations, never from main into test code) and the declared
 * type of a variable. Reached through {@link ProjectIndex}; resolutions are memoised per method, thread-safe.
 */
final class CallResolver {

    private final Map<String, TypeEntry> types;
    private final TypeHierarchy hierarchy;
    private final LongAdder work;
    private final Map<MethodFacts, List<CallTarget>> callCache = Collections.synchronizedMap(new IdentityHashMap<>());

    CallResolver(Map<String, TypeEntry> types, TypeHierarchy hierarchy, LongAdder work) {
        this.types = types;
        this.hierarchy = hierarchy;
        this.work = work;
    }

    /**
     * Methods named {@code name} with {@code arity} parameters in the type or its project supertypes, nearest first;
     * empty when none is declared in source (a Lombok-generated getter or builder method, an inherited library method).
     */
    List<MethodRef> findMethods(TypeEntry e, String name, int arity) {
        List<MethodRef> out = new ArrayList<>();
        addMatching(e, name, arity, out);
        if (!out.isEmpty()) {
            return out;
        }
        for (ResolvedType r : hierarchy.allSupertypes(e)) {
            Optional<TypeEntry> s = hierarchy.typeOf(r);
            if (s.isPresent()) {
                addMatching(s.get(), name, arity, out);
                if (!out.isEmpty()) {
                    return out;
                }
            }
        }
        return out;
    }

    /**
     * The methods call {@code c} may name in {@code e} (see {@link #findMethods}); a method reference
     * ({@link CallSite#methodReference()}) names them whatever their arity, those of its guessed arity first.
     */
    private List<MethodRef> findMethods(TypeEntry e, CallSite c) {
        List<MethodRef> found = findMethods(e, c.name(), c.argCount());
        return found.isEmpty() && c.methodReference() ? findMethods(e, c.name(), -1) : found;
    }

    private void addMatching(TypeEntry e, String name, int arity, List<MethodRef> out) {
        for (MethodFacts m : methodsNamed(e.type()).getOrDefault(name, List.of())) {
            if (arity < 0 || m.arity() == arity || isVarargs(m) && arity >= m.arity() - 1) {
                out.add(new MethodRef(e, m));
            }
        }
    }

    /** A key that compares its object by identity (facts are values; two equal types are still two types). */
    private record Same(Object o) {
        @Override
        public boolean equals(Object other) {
            return other instanceof Same s && s.o == o;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(o);
        }
    }

    /** Per type (by identity), its methods by name, in declaration order: built on first lookup. */
    private final Map<Same, Map<String, List<MethodFacts>>> byName = new ConcurrentHashMap<>();

    private Map<String, List<MethodFacts>> methodsNamed(TypeFacts t) {
        Same key = new Same(t);
        Map<String, List<MethodFacts>> known = byName.get(key);
        if (known == null) {
            Map<String, List<MethodFacts>> named = new HashMap<>();
            for (MethodFacts m : t.methods()) {
                named.computeIfAbsent(m.name(), k -> new ArrayList<>(1)).add(m);
            }
            known = byName.computeIfAbsent(key, k -> named);
        }
        return known;
    }

    private static boolean isVarargs(MethodFacts m) {
        return !m.params().isEmpty() && m.params().get(m.arity() - 1).type().text().endsWith("...");
    }

    /** The resolved targets of every call in {@code m}'s body, indexed by call id. Cached. */
    List<CallTarget> calls(MethodRef m) {
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

    /**
     * The resolved target of call {@code callId} of {@code m}: {@link #calls}'s element when the method's calls are
     * resolved, else resolved alone with the calls its receiver chain names (what {@link #calls} would give for it,
     * not memoised): for a question about one call of a method nothing else resolves (a test's assertion helper).
     */
    CallTarget call(MethodRef m, int callId) {
        List<CallTarget> cached = callCache.get(m.method());
        if (cached != null) {
            return cached.get(callId);
        }
        List<CallSite> calls = m.method().body().calls();
        CallTarget[] known = new CallTarget[calls.size()];
        work.add(1);
        return alone(m, calls, callId, known);
    }

    private CallTarget alone(MethodRef m, List<CallSite> calls, int id, CallTarget[] known) {
        if (known[id] == null) {
            // the calls before this one, resolved on demand: resolve reads only its receiver chain's
            List<CallTarget> earlier = new java.util.AbstractList<>() {
                @Override
                public CallTarget get(int i) {
                    return alone(m, calls, i, known);
                }

                @Override
                public int size() {
                    return id;
                }
            };
            known[id] = resolve(m, calls.get(id), earlier);
        }
        return known[id];
    }

    private CallTarget resolve(MethodRef caller, CallSite c, List<CallTarget> earlier) {
        Receiver r = c.receiver();
        TypeEntry owner = caller.owner();
        switch (r.kind()) {
            case NONE, THIS -> {
                // the enclosing class and its supertypes, then outer classes, then static imports
                TypeEntry scope = owner;
                while (scope != null) {
                    List<MethodRef> found = findMethods(scope, c);
                    if (!found.isEmpty()) {
                        return target(caller, c, new ResolvedType(scope.fqn(), ResolvedType.Kind.PROJECT), found.get(0));
                    }
                    scope = outer(scope);
                }
                String staticOwner = caller.file().staticImports().get(c.name());
                if (staticOwner != null) {
                    ResolvedType t = types.containsKey(staticOwner) ? new ResolvedType(staticOwner, ResolvedType.Kind.PROJECT) : hierarchy.classify(staticOwner);
                    return lookup(caller, c, t);
                }
                return new CallTarget(c, new ResolvedType(owner.fqn(), ResolvedType.Kind.PROJECT), List.of(), null);
            }
            case SUPER -> {
                for (ResolvedType s : hierarchy.supertypes(owner.type())) {
                    Optional<TypeEntry> st = hierarchy.typeOf(s);
                    if (st.isPresent()) {
                        List<MethodRef> found = findMethods(st.get(), c);
                        if (!found.isEmpty()) {
                            return new CallTarget(c, s, List.of(found.get(0)), found.get(0));
                        }
                    }
                }
                return new CallTarget(c, hierarchy.supertypes(owner.type()).isEmpty() ? ResolvedType.UNKNOWN : hierarchy.supertypes(owner.type()).get(0), List.of(), null);
            }
            case NAME, FIELD -> {
                Optional<TypeRef> declared = variableType(caller, r.name(), r.kind() == Receiver.Kind.FIELD);
                if (declared.isEmpty() || declared.get().isUnknown()) {
                    return new CallTarget(c, ResolvedType.UNKNOWN, List.of(), null);
                }
                return lookup(caller, c, hierarchy.resolveType(declared.get().name(), caller.file(), caller.type()));
            }
            case TYPE -> {
                return lookup(caller, c, hierarchy.resolveType(r.name(), caller.file(), caller.type()));
            }
            case CALL -> {
                CallTarget inner = r.callId() >= 0 && r.callId() < earlier.size() ? earlier.get(r.callId()) : null;
                if (inner == null) {
                    return new CallTarget(c, ResolvedType.UNKNOWN, List.of(), null);
                }
                if (inner.declared() != null) {
                    MethodRef im = inner.declared();
                    TypeRef ret = im.method().returnType();
                    ResolvedType rt = hierarchy.resolveType(ret.name(), im.file(), im.type());
                    if (!rt.isProject()) {
                        // a generic factory (<T> T getBean(Class<T>), withService(Class<T>).withHost(..)): the
                        // class literal it was given names what it returns
                        Optional<TypeEntry> lit = classLiteralType(caller, r.callId(), c);
                        if (lit.isPresent()) {
                            return lookup(caller, c, new ResolvedType(lit.get().fqn(), ResolvedType.Kind.PROJECT));
                        }
                    }
                    return lookup(caller, c, rt);
                }
                if (!inner.receiverType().isProject()) {
                    // a library factory or fluent builder whose result type the catalog names (client.target(url)
                    // is a WebTarget, Message.creator(..) a MessageCreator)
                    Optional<ResolvedType> returned = hierarchy.libraryReturnType(inner.receiverType(),
                            caller.method().body().calls().get(r.callId()).name());
                    if (returned.isPresent()) {
                        return new CallTarget(c, returned.get(), List.of(), null);
                    }
                }
                Optional<ResolvedType> element = elementType(caller, r.callId());
                if (element.isPresent()) {
                    return lookup(caller, c, element.get());
                }
                Optional<ResolvedType> typed = inner.targets().isEmpty() ? typeArgumentGetter(caller, r.callId())
                        : Optional.empty();
                if (typed.isPresent()) {
                    // getBaseMapper().updateX(..): the inherited getter returns the type argument it names
                    return lookup(caller, c, typed.get());
                }
                Optional<TypeEntry> lit = classLiteralType(caller, r.callId(), c);
                if (lit.isPresent()) {
                    // a library factory given a class literal (context.getBean(Client.class), retrofit.create(..))
                    return lookup(caller, c, new ResolvedType(lit.get().fqn(), ResolvedType.Kind.PROJECT));
                }
                // chained on a library or unknown object: keep the chain root's type (fluent APIs)
                return new CallTarget(c, inner.receiverType(), List.of(), null);
            }
            case OTHER -> {
                ResolvedType st = staticFieldType(caller, r.text());
                return st == null ? new CallTarget(c, ResolvedType.UNKNOWN, List.of(), null) : lookup(caller, c, st);
            }
            default -> {
                return new CallTarget(c, ResolvedType.UNKNOWN, List.of(), null);
            }
        }
    }

    /** A class literal as a whole argument: {@code Client.class}, {@code a.b.Client.class}. */
    private static final java.util.regex.Pattern CLASS_LITERAL =
            java.util.regex.Pattern.compile("([A-Za-z_$][\\w$.]*)\\.class");

    /**
     * The project type that a chain of calls ending in call {@code innerCallId} was asked for with a class literal
     * ({@code applicationContext.getBean(Client.class)}, {@code Clients.withService(Api.class).withHost(h)},
     * {@code retrofit.create(Api.class)}), when that call's own result type is no project type (a type variable, a
     * library factory's {@code Object}) and the type declares the method {@code c} calls on the result. The chain
     * is followed through at most four calls, nearest first. Empty otherwise.
     */
    private Optional<TypeEntry> classLiteralType(MethodRef caller, int innerCallId, CallSite c) {
        List<CallSite> calls = caller.method().body().calls();
        int id = innerCallId;
        for (int depth = 0; depth < 4 && id >= 0 && id < calls.size(); depth++) {
            CallSite k = calls.get(id);
            for (io.idemcheck.core.facts.Arg a : k.args()) {
                java.util.regex.Matcher lm = CLASS_LITERAL.matcher(a.text().trim());
                if (!lm.matches()) {
                    continue;
                }
                ResolvedType t = hierarchy.resolveType(lm.group(1), caller.file(), caller.type());
                Optional<TypeEntry> te = t.isProject() ? hierarchy.typeOf(t) : Optional.empty();
                if (te.isPresent() && !findMethods(te.get(), c).isEmpty()) {
                    return te;
                }
            }
            if (k.receiver().kind() != Receiver.Kind.CALL) {
                break;
            }
            id = k.receiver().callId();
        }
        return Optional.empty();
    }

    private static final java.util.regex.Pattern TYPE_DOT_FIELD =
            java.util.regex.Pattern.compile("([A-Z][\\w$]*)\\.([A-Za-z_$][\\w$]*)");
    /** The JDK's static fields that calls are made on, with their types. */
    private static final Map<String, String> JDK_STATIC_FIELDS = Map.of(
            "java.lang.System.out", "java.io.PrintStream",
            "java.lang.System.err", "java.io.PrintStream",
            "java.lang.System.in", "java.io.InputStream");

    /**
     * The type of a static field a call is made on ({@code System.out.println(..)}, {@code Clients.HTTP.post(..)}):
     * a project type's declared field, or one of the JDK's well-known static fields. Null otherwise.
     */
    private ResolvedType staticFieldType(MethodRef caller, String text) {
        java.util.regex.Matcher mm = TYPE_DOT_FIELD.matcher(text == null ? "" : text.trim());
        if (!mm.matches()) {
            return null;
        }
        ResolvedType owner = hierarchy.resolveType(mm.group(1), caller.file(), caller.type());
        if (owner.isProject()) {
            TypeEntry te = hierarchy.typeOf(owner).orElse(null);
            TypeRef ft = te == null ? null : te.type().fields().get(mm.group(2));
            return ft == null || ft.isUnknown() ? null : hierarchy.resolveType(ft.name(), te.file(), te.type());
        }
        String jdk = JDK_STATIC_FIELDS.get(owner.name() + "." + mm.group(2));
        return jdk == null ? null : hierarchy.classify(jdk);
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
        ResolvedType element = hierarchy.resolveType(args.get(args.size() - 1), caller.file(), caller.type());
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
            Map<MethodRef, List<MethodRef>> memo = caller.file().test() ? overridesForTests : overridesForMain;
            List<MethodRef> known = memo.get(declared);
            if (known == null) {
                known = memo.computeIfAbsent(declared, d -> overrides(d, caller.file().test()));
            }
            targets.addAll(known);
        }
        return new CallTarget(c, recv, targets, declared);
    }

    /** Per declared method, its overrides with a body in project subtypes: for main-code callers, for test callers. */
    private final Map<MethodRef, List<MethodRef>> overridesForMain = new ConcurrentHashMap<>();
    private final Map<MethodRef, List<MethodRef>> overridesForTests = new ConcurrentHashMap<>();

    /** The overrides of {@code declared} with a body, subtype by subtype; test code's only with {@code tests}. */
    private List<MethodRef> overrides(MethodRef declared, boolean tests) {
        List<MethodRef> out = new ArrayList<>();
        for (TypeEntry sub : hierarchy.subtypes(declared.owner().fqn())) {
            if (sub.file().test() && !tests) {
                continue;
            }
            for (MethodFacts m : methodsNamed(sub.type()).getOrDefault(declared.method().name(), List.of())) {
                if (m.arity() == declared.method().arity() && m.hasBody()) {
                    out.add(new MethodRef(sub, m));
                }
            }
        }
        return List.copyOf(out);
    }

    private CallTarget lookup(MethodRef caller, CallSite c, ResolvedType t) {
        Optional<TypeEntry> owner = hierarchy.typeOf(t);
        if (owner.isEmpty()) {
            return new CallTarget(c, t, List.of(), null);
        }
        List<MethodRef> found = findMethods(owner.get(), c);
        if (found.isEmpty()) {
            return new CallTarget(c, t, List.of(), null);
        }
        return target(caller, c, t, found.get(0));
    }

    /**
     * The declared type of a variable visible in {@code m}: a local, a parameter, or a field of the type, its
     * project supertypes or its outer types. Empty when no source declares it (a field of a library superclass, a
     * name the parser could not see).
     */
    Optional<TypeRef> variableType(MethodRef m, String name, boolean fieldOnly) {
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
            for (ResolvedType s : hierarchy.allSupertypes(scope)) {
                Optional<TypeRef> sf = hierarchy.typeOf(s).map(st -> st.type().fields().get(name));
                if (sf.isPresent()) {
                    return sf;
                }
            }
            scope = outer(scope);
        }
        // a field a library supertype declares, typed by its type argument (MyBatis-Plus ServiceImpl.baseMapper)
        Optional<ResolvedType> typed = hierarchy.typeArgumentMember(m.owner(), name);
        return typed.map(t -> new TypeRef(t.name(), t.name(), List.of()));
    }

    /** The type call {@code callId} of {@code caller} returns when it is a zero-argument inherited library getter,
     * on this or no receiver, that {@link TypeHierarchy#typeArgumentMember} types ({@code getBaseMapper()}). */
    private Optional<ResolvedType> typeArgumentGetter(MethodRef caller, int callId) {
        CallSite inner = caller.method().body().calls().get(callId);
        Receiver.Kind k = inner.receiver().kind();
        if (inner.argCount() != 0 || k != Receiver.Kind.NONE && k != Receiver.Kind.THIS) {
            return Optional.empty();
        }
        return hierarchy.typeArgumentMember(caller.owner(), inner.name() + "()");
    }
}
