package io.idemcheck.core.index;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.facts.FileFacts;
import io.idemcheck.core.facts.TypeFacts;
import io.idemcheck.core.facts.TypeRef;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The index's types: how a type name written in a file resolves (nested types, imports, package, wildcards,
 * java.lang, the catalog's libraries), and the project's type hierarchy (direct supertypes resolved once at
 * construction, transitive supertypes and subtypes on demand). Reached through {@link ProjectIndex}; thread-safe once
 * {@link #indexSupertypes} has run.
 */
final class TypeHierarchy {

    private static final Set<String> JAVA_LANG = Set.of("String", "Object", "Integer", "Long", "Short", "Byte",
            "Double", "Float", "Boolean", "Character", "Math", "System", "Thread", "Runnable", "StringBuilder",
            "StringBuffer", "Exception", "RuntimeException", "Throwable", "Error", "Iterable", "Number", "Class",
            "Enum", "Record", "Void", "CharSequence", "Comparable", "AutoCloseable", "IllegalStateException",
            "IllegalArgumentException", "InterruptedException", "StrictMath", "ThreadLocal", "Process",
            "ProcessBuilder", "Runtime");

    private final Map<String, TypeEntry> types;
    private final Catalog catalog;
    private final Map<String, List<TypeEntry>> directSubtypes = new HashMap<>();
    private final Map<TypeFacts, List<ResolvedType>> supertypeCache = new IdentityHashMap<>();
    private final Map<String, List<TypeEntry>> implCache = new ConcurrentHashMap<>();
    /** {@link #allSupertypes} and the simple names {@link #isSubtypeOf} asks about, per type (pure, so memoised). */
    private final Map<TypeFacts, Supers> allSupers = java.util.Collections.synchronizedMap(new IdentityHashMap<>());

    private record Supers(List<ResolvedType> list, Set<String> simpleNames) {
    }

    /** @param types the project types by fully qualified name (read only; filled before any lookup) */
    TypeHierarchy(Map<String, TypeEntry> types, Catalog catalog) {
        this.types = types;
        this.catalog = catalog;
    }

    /** Resolves the direct supertypes of every type in {@code all} and records them as direct subtypes. */
    void indexSupertypes(Collection<TypeEntry> all) {
        for (TypeEntry e : all) {
            List<ResolvedType> supers = new ArrayList<>();
            for (TypeRef s : e.type().supertypes()) {
                ResolvedType r = resolveType(s.name(), e.file(), e.type());
                supers.add(r);
                if (r.isProject()) {
                    directSubtypes.computeIfAbsent(r.name(), k -> new ArrayList<>()).add(e);
                }
            }
            supertypeCache.put(e.type(), supers);
        }
    }

    /** The project type a resolution names; empty when it is not a project type. */
    Optional<TypeEntry> typeOf(ResolvedType t) {
        return t != null && t.isProject() && t.name() != null ? Optional.ofNullable(types.get(t.name()))
                : Optional.empty();
    }

    /** See {@link ProjectIndex#resolveType(String, FileFacts, TypeFacts)}. */
    ResolvedType resolveType(String written, FileFacts file, TypeFacts enclosing) {
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

    ResolvedType classify(String fqn) {
        return new ResolvedType(fqn, catalog.isLibrary(fqn) ? ResolvedType.Kind.LIBRARY : ResolvedType.Kind.EXTERNAL);
    }

    /** Direct supertypes of a project type, resolved. */
    List<ResolvedType> supertypes(TypeFacts t) {
        List<ResolvedType> s = supertypeCache.get(t);
        return s == null ? List.of() : s;
    }

    /** The type and all its supertypes (project ones recursively), nearest first; names as resolved. */
    List<ResolvedType> allSupertypes(TypeEntry e) {
        return supers(e).list();
    }

    /** The memoised supertypes of {@code e}: they depend on its type only, and the index is read-only by now. */
    private Supers supers(TypeEntry e) {
        Supers s = allSupers.get(e.type());
        if (s == null) {
            List<ResolvedType> out = new ArrayList<>();
            collectSupers(e, out, new LinkedHashSet<>());
            Set<String> names = new java.util.HashSet<>();
            for (ResolvedType r : out) {
                names.add(r.simpleName());
            }
            s = new Supers(java.util.Collections.unmodifiableList(out), names);
            allSupers.put(e.type(), s);
        }
        return s;
    }

    private void collectSupers(TypeEntry e, List<ResolvedType> out, Set<String> seen) {
        for (ResolvedType r : supertypes(e.type())) {
            if (seen.add(r.name())) {
                out.add(r);
                typeOf(r).ifPresent(s -> collectSupers(s, out, seen));
            }
        }
    }

    /**
     * The type of a member ({@code "baseMapper"} or {@code "getBaseMapper()"}) that a library supertype of {@code e}
     * declares and types by its first type argument (catalog {@code typeArgumentMembers}): for {@code class
     * OrderServiceImpl extends ServiceImpl<OrderMapper, Order>}, {@code baseMapper} is an {@code OrderMapper}. The
     * argument is resolved in the file of the project type whose extends clause writes it (the type itself or a
     * project supertype). Empty when no supertype declares the member or its argument is not a project type (a type
     * variable, an unknown name).
     */
    Optional<ResolvedType> typeArgumentMember(TypeEntry e, String member) {
        Set<String> members = new java.util.HashSet<>(
                catalog.terms(io.idemcheck.core.catalog.Vocabulary.TYPE_ARGUMENT_MEMBERS).values());
        TypeEntry cur = e;
        Set<String> seen = new LinkedHashSet<>();
        while (cur != null && seen.add(cur.fqn())) {
            TypeEntry next = null;
            for (TypeRef s : cur.type().supertypes()) {
                if (members.contains(s.simpleName() + "." + member) && !s.typeArgs().isEmpty()) {
                    ResolvedType arg = resolveType(s.typeArgs().get(0), cur.file(), cur.type());
                    return arg.isProject() ? Optional.of(arg) : Optional.empty();
                }
                ResolvedType r = resolveType(s.name(), cur.file(), cur.type());
                if (next == null && r.isProject()) {
                    next = types.get(r.name());
                }
            }
            cur = next;
        }
        return Optional.empty();
    }

    /** The catalog's libraryReturnTypes as "Type#method" (and "SimpleName#method") to the returned type; lazily. */
    private volatile Map<String, String> returnTypes;

    /**
     * The type a library factory or fluent builder method returns (catalog {@code libraryReturnTypes}, entries
     * {@code Type#method=ReturnType}, several methods separated by {@code |}): {@code Client#target} returns a
     * {@code WebTarget}, {@code WebTarget#request} an {@code Invocation.Builder}, {@code Message#creator} a {@code
     * MessageCreator}. A receiver whose import did not resolve is matched by its simple name. Empty when not listed.
     */
    Optional<ResolvedType> libraryReturnType(ResolvedType recv, String method) {
        Map<String, String> map = returnTypes;
        if (map == null) {
            map = new HashMap<>();
            for (String v : catalog.terms(io.idemcheck.core.catalog.Vocabulary.LIBRARY_RETURN_TYPES).values()) {
                int hash = v.indexOf('#');
                int eq = v.indexOf('=');
                String type = v.substring(0, hash).trim();
                String simple = type.substring(type.lastIndexOf('.') + 1);
                for (String m : v.substring(hash + 1, eq).split("\\|")) {
                    map.put(type + "#" + m.trim(), v.substring(eq + 1).trim());
                    map.putIfAbsent(simple + "#" + m.trim(), v.substring(eq + 1).trim());
                }
            }
            returnTypes = map;
        }
        String ret = map.get(recv.name() + "#" + method);
        if (ret == null && recv.kind() == ResolvedType.Kind.UNKNOWN) {
            ret = map.get(recv.simpleName() + "#" + method);
        }
        return ret == null ? Optional.empty() : Optional.of(classify(ret));
    }

    /** True when the type or a supertype has the simple name {@code simple} (project or library). */
    boolean isSubtypeOf(TypeEntry e, String simple) {
        if (e.type().simpleName().equals(simple)) {
            return true;
        }
        return supers(e).simpleNames().contains(simple);
    }

    /** Project classes that implement or extend {@code fqn}, transitively (not including {@code fqn} itself). */
    List<TypeEntry> subtypes(String fqn) {
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
}
