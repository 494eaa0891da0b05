package io.idemcheck.core.catalog;

import io.idemcheck.core.config.MethodPattern;
import io.idemcheck.core.config.ProjectConfig;
import io.idemcheck.core.util.Ordered;
import io.idemcheck.core.util.Texts;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static io.idemcheck.core.util.Texts.firstLine;

/**
 * idemcheck's knowledge of libraries and names: which types and methods are side effects, which calls record state,
 * claim rows or carry idempotency keys, which methods are job entry points. Loaded from the class-path resource
 * {@code io/idemcheck/core/catalog/catalog.json}; see that file for the data and docs/catalog.md for its format.
 * Named word lists live under {@code vocabularies} and are read through {@link #terms(Vocabulary)}. {@link #withProject(ProjectConfig)} adds a
 * project's own vocabulary from {@code idemcheck.yml} ({@code project} is null in the built-in catalog).
 */
public record Catalog(List<EffectType> effectTypes, List<EffectAnnotation> effectAnnotations,
                      List<String> notEffectTypes, List<String> libraryPackages,
                      List<EffectName> effectMethodNames, List<String> notEffectMethodNames,
                      List<String> dataAccessTypeSuffixes,
                      List<String> dataAccessSupertypes, List<String> dataAccessAnnotations,
                      List<String> recordMethodNames, List<String> entitySaveMethodNames,
                      List<String> statusSetterNames, List<String> claimMethodNames,
                      List<String> keyParameterNames, List<String> keyCarrierMethods, List<String> keyHeaderNames,
                      List<String> statusColumns,
                      List<String> fencingColumns, EntryPoints entryPoints, List<String> transactionAnnotations,
                      List<String> transactionTemplateMethods, List<String> transactionTemplateTypes,
                      List<String> recordColumns, List<String> remoteReadMethodNames, Map<String, Terms> vocabularies,
                      ProjectConfig project) {

    private static final String RESOURCE = "/io/idemcheck/core/catalog/catalog.json";

    /**
     * Loads the built-in catalog.
     *
     * @throws CatalogException when the resource is missing, is not JSON of the catalog's shape, or a key is unknown,
     *                          missing or null (the one-line message names the key or the place)
     */
    public static Catalog load() {
        try (InputStream in = Catalog.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new CatalogException("catalog.json: missing class-path resource " + RESOURCE);
            }
            return read(in, "catalog.json");
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            com.fasterxml.jackson.core.JsonLocation at = e.getLocation();
            String original = e.getOriginalMessage();
            String msg = original.startsWith("catalog.json: ") ? original : "catalog.json: " + firstLine(original);
            throw new CatalogException(msg + (at == null || at.getLineNr() < 1 ? ""
                    : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")"), e);
        } catch (IOException e) {
            throw new CatalogException("catalog.json: cannot read (" + e.getMessage() + ")", e);
        }
    }

    private static volatile Catalog builtin;
    private static volatile CatalogException builtinError;

    /**
     * The built-in catalog, loaded once: for lists that code compiles once into a pattern (the regex vocabularies),
     * which {@code idemcheck.yml} does not extend. A catalog that cannot be loaded throws the same
     * {@link CatalogException} on every call (not an ExceptionInInitializerError once and NoClassDefFoundError after).
     */
    public static Catalog builtin() {
        Catalog c = builtin;
        if (c != null) {
            return c;
        }
        synchronized (Catalog.class) {
            if (builtin == null) {
                if (builtinError != null) {
                    throw new CatalogException(builtinError.getMessage(), builtinError);
                }
                try {
                    builtin = load();
                } catch (CatalogException e) {
                    builtinError = e;
                    throw e;
                }
            }
            return builtin;
        }
    }

    /**
     * Reads a catalog in the format of the built-in one. Every key must be known: an unknown key (at the top, in an
     * entry or among the vocabularies) and a missing vocabulary are errors naming the key.
     *
     * @param in   the JSON text
     * @param name the file's name, for messages
     * @throws CatalogException on an unknown, missing or null key
     * @throws IOException       when the text is not JSON of the expected shape
     */
    public static Catalog read(InputStream in, String name) throws IOException {
        Catalog c = CatalogReader.read(in, name);
        for (String k : c.vocabularies().keySet()) {
            if (Vocabulary.ofKey(k) == null) {
                throw new CatalogException(name + ": unknown vocabulary '" + k + "'");
            }
        }
        for (Vocabulary v : Vocabulary.values()) {
            if (!c.vocabularies().containsKey(v.key())) {
                throw new CatalogException(name + ": missing vocabulary '" + v.key() + "'");
            }
        }
        return c;
    }

    /** The words of vocabulary {@code v} (with the project's additions). */
    public Terms terms(Vocabulary v) {
        return vocabularies.get(v.key());
    }

    /** A library type whose calls are side effects. */
    public record EffectType(String type, String kind, List<String> methods, List<String> whenArgument) {

        /** An entry whose calls are effects whatever their arguments. */
        public EffectType(String type, String kind, List<String> methods) {
            this(type, kind, methods, null);
        }

        /**
         * True when the call's argument texts satisfy the entry's {@code whenArgument} markers (one of them appears
         * in some argument: {@code Files.write(p, bytes, StandardOpenOption.APPEND)}), or the entry has none.
         */
        public boolean argumentsQualify(List<String> argTexts) {
            if (whenArgument == null || whenArgument.isEmpty()) {
                return true;
            }
            for (String a : argTexts) {
                for (String w : whenArgument) {
                    if (a.contains(w)) {
                        return true;
                    }
                }
            }
            return false;
        }

        public boolean matchesMethod(String name) {
            return matchingMethod(name) != null;
        }

        /** The method pattern of this entry that matches {@code name}, or null. */
        public String matchingMethod(String name) {
            return firstMatching(methods, name);
        }
    }

    /**
     * A type annotation (e.g. FeignClient) that makes every method of the annotated interface a side effect.
     * {@code reach} {@code "proxy"} ({@link #proxyOnly()}): the interface is shared with its provider, whose
     * implementation may be in the same sources ({@code @RpcService}); a call is remote only through a proxy built in
     * the call chain ({@code Clients.withService(Api.class).withHost(h).call()}) or when no implementation is in the
     * sources; an injected field of it holds the local implementation, which is followed instead.
     */
    public record EffectAnnotation(String annotation, String kind, String reach) {

        /** An annotation whose every call is remote. */
        public EffectAnnotation(String annotation, String kind) {
            this(annotation, kind, null);
        }

        /** The catalog says {@code "reach": "proxy"}: remote only through a proxy or with no implementation here. */
        public boolean proxyOnly() {
            return "proxy".equals(reach);
        }
    }

    /** A business-effect method name with a kind and the verb used in messages ("charges the customer again"). */
    public record EffectName(String pattern, String kind, String verb) {
    }

    /** Job entry points: annotated methods and interface methods run unattended. */
    public record EntryPoints(List<String> methodAnnotations, List<TypeMethod> typeAnnotationsWithMethod,
                              List<TypeMethod> interfaces) {
    }

    /**
     * An (annotation or type, method) pair. {@code params}, when given, are the simple type names of the method's
     * parameters ({@code "*"}: any type, {@code "String[]"} also matches {@code String...}); an overload with other
     * parameters is not the method. Null: any parameters.
     */
    public record TypeMethod(String type, String annotation, String method, List<String> params) {

        /** True when {@code paramTypes} (simple names, erasures) fit {@link #params}. */
        public boolean paramsMatch(List<String> paramTypes) {
            return Texts.paramsMatch(params, paramTypes);
        }
    }

    // ---- lookups ----------------------------------------------------------------------------------------------------

    public static boolean any(List<String> patterns, String name) {
        return firstMatching(patterns, name) != null;
    }

    /** The first of {@code patterns} (name patterns, see {@link NamePattern}) that matches {@code name}, or null. */
    public static String firstMatching(List<String> patterns, String name) {
        for (String p : patterns) {
            if (NamePattern.matches(p, name)) {
                return p;
            }
        }
        return null;
    }

    /** The effect type entry for a fully qualified type name, or null. */
    public EffectType effectType(String fqn) {
        for (EffectType t : effectTypes) {
            if (t.type().equals(fqn)) {
                return t;
            }
        }
        return null;
    }

    /** The effect type entry whose simple name is {@code simple}, or null (for unresolved imports). */
    public EffectType effectTypeBySimpleName(String simple) {
        for (EffectType t : effectTypes) {
            if (t.type().endsWith("." + simple)) {
                return t;
            }
        }
        return null;
    }

    /**
     * The effect type entry written as a simple-name suffix ({@code *BlockingStub}: a gRPC stub generated at build
     * time, so never in the sources) that {@code simple} ends with, or null.
     */
    public EffectType effectTypeBySuffix(String simple) {
        for (EffectType t : effectTypes) {
            if (t.type().startsWith("*") && simple.length() > t.type().length() - 1
                    && simple.endsWith(t.type().substring(1))) {
                return t;
            }
        }
        return null;
    }

    /** True when {@code fqn} is in a known library package (JDK, Spring, ...): the name vocabulary does not apply. */
    public boolean isLibrary(String fqn) {
        for (String p : libraryPackages) {
            if (fqn.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    /** The business-effect entry matching a method name, or null. */
    public EffectName effectName(String method) {
        if (any(notEffectMethodNames, method)) {
            return null; // an exception (notify) or a receiver of a notice (refundNotify, payCallback)
        }
        for (EffectName e : effectMethodNames) {
            if (NamePattern.matches(e.pattern(), method)) {
                return e;
            }
        }
        return null;
    }

    /** True when a column name is status-like (status, state, *_status, processed, ...). */
    public boolean isStatusColumn(String column) {
        return any(statusColumns, column.toLowerCase(Locale.ROOT).replace("`", "").replace("\"", ""));
    }

    /**
     * True when writing the column records that an item's work was done although it is no status: a timestamp or flag
     * that the selection of pending work reads ({@code sent_at}, {@code notified_at}, {@code pending_notification}).
     */
    public boolean isRecordColumn(String column) {
        return recordColumns != null
                && any(recordColumns, column.toLowerCase(Locale.ROOT).replace("`", "").replace("\"", ""));
    }

    /** True when a column is a version, owner or lease column that fences a conditional update. */
    public boolean isFencingColumn(String column) {
        return any(fencingColumns, column.toLowerCase(Locale.ROOT).replace("`", "").replace("\"", ""));
    }
    /** An effect declared in idemcheck.yml: its kind, its verb (null: the kind's) and the pattern that matched. */
    public record ProjectEffect(String kind, String verb, MethodPattern pattern) {
    }

    /**
     * An idemcheck.yml pattern that matched a call.
     *
     * @param key     the list it is in: "records", "claims" or "locks"
     * @param pattern the pattern, with its line in the file
     */
    public record ProjectMatch(String key, MethodPattern pattern) {
    }

    // ---- the project's vocabulary (idemcheck.yml) -------------------------------------------------------------------

    /**
     * This catalog extended with a project's vocabulary: its status columns are added to {@link #statusColumns()}, its
     * state values to the {@code terminalStates} and {@code inProgressStates} vocabularies, and its effects, records,
     * claims, locks, key carriers and entry points are answered by the {@code project*} lookups and
     * {@link #project()}.
     */
    public Catalog withProject(ProjectConfig config) {
        if (config == null || config.isEmpty()) {
            return this;
        }
        List<String> columns = new ArrayList<>(statusColumns);
        columns.addAll(config.statusColumns());
        Map<String, Terms> vocab = new LinkedHashMap<>(vocabularies);
        // stateValues: states the project's work items end in (SETTLED); a conditional move to one completes work
        List<String> states = config.stateValues().stream().map(v -> v.toUpperCase(Locale.ROOT)).toList();
        vocab.put(Vocabulary.TERMINAL_STATES.key(), terms(Vocabulary.TERMINAL_STATES).plus(states,
                "idemcheck.yml stateValues"));
        // inProgressValues: states a claim moves an item into while it is worked on (GRABBED), as inProgressStates
        List<String> inProgress = config.inProgressValues().stream().map(v -> v.toUpperCase(Locale.ROOT)).toList();
        vocab.put(Vocabulary.IN_PROGRESS_STATES.key(), terms(Vocabulary.IN_PROGRESS_STATES).plus(inProgress,
                "idemcheck.yml inProgressValues"));
        return new Catalog(effectTypes, effectAnnotations, notEffectTypes, libraryPackages, effectMethodNames,
                notEffectMethodNames, dataAccessTypeSuffixes, dataAccessSupertypes,
                dataAccessAnnotations, recordMethodNames, entitySaveMethodNames, statusSetterNames, claimMethodNames,
                keyParameterNames, keyCarrierMethods, keyHeaderNames,
                List.copyOf(columns), fencingColumns, entryPoints, transactionAnnotations, transactionTemplateMethods,
                transactionTemplateTypes, recordColumns, remoteReadMethodNames, Ordered.map(vocab), config);
    }

    /**
     * The project's effect entry for a call of {@code method} with {@code arity} arguments on a receiver of type
     * {@code typeFqn} (fully qualified when resolved, else as written), or null.
     */
    public ProjectEffect projectEffect(String typeFqn, String method, int arity) {
        if (project == null) {
            return null;
        }
        for (ProjectConfig.Effect e : project.effects()) {
            if (e.pattern().matches(typeFqn, method, arity)) {
                return new ProjectEffect(e.kind(), e.verb(), e.pattern());
            }
        }
        return null;
    }

    /** True when the project declares such a call a record of the item's state. */
    public boolean projectRecord(String typeFqn, String method, int arity) {
        return projectRecordMatch(typeFqn, method, arity) != null;
    }

    /** The idemcheck.yml {@code records} pattern that makes such a call a record of the item's state, or null. */
    public ProjectMatch projectRecordMatch(String typeFqn, String method, int arity) {
        MethodPattern p = project == null ? null : firstMatch(project.records(), typeFqn, method, arity);
        return p == null ? null : new ProjectMatch("records", p);
    }

    /**
     * True when idemcheck.yml declares a {@code records} or {@code claims} pattern on type {@code typeFqn}: the project
     * says the type keeps the work items' state, so it is a store of work items as a mapper, DAO or repository is (its
     * other calls fetch the items a job loops over). False without a project configuration.
     */
    public boolean projectStoreType(String typeFqn) {
        if (project == null || typeFqn == null) {
            return false;
        }
        return project.records().stream().anyMatch(p -> p.matchesType(typeFqn))
                || project.claims().stream().anyMatch(p -> p.matchesType(typeFqn));
    }

    /** True when the project declares such a call a claim on the item. */
    public boolean projectClaim(String typeFqn, String method, int arity) {
        return projectClaimMatch(typeFqn, method, arity) != null;
    }

    /**
     * The idemcheck.yml {@code claims} pattern that makes such a call a claim (its result tells whether this run won
     * the row), or null. A {@code locks} pattern is no claim: it is a lock ({@link #projectLockMatch}).
     */
    public ProjectMatch projectClaimMatch(String typeFqn, String method, int arity) {
        MethodPattern p = project == null ? null : firstMatch(project.claims(), typeFqn, method, arity);
        return p == null ? null : new ProjectMatch("claims", p);
    }

    /**
     * The idemcheck.yml {@code locks} pattern that makes such a call take a distributed lock, or null: the call is read
     * as a known library lock is ({@code RLock.lock()}), held until a release call of the catalog's
     * {@code lockReleaseCalls} or the method's end.
     */
    public ProjectMatch projectLockMatch(String typeFqn, String method, int arity) {
        MethodPattern p = project == null ? null : firstMatch(project.locks(), typeFqn, method, arity);
        return p == null ? null : new ProjectMatch("locks", p);
    }

    /** The argument index that carries an idempotency key in such a call, by the project's key carriers, or -1. */
    public int projectKeyParameter(String typeFqn, String method, int arity) {
        ProjectConfig.KeyCarrier k = projectKeyCarrier(typeFqn, method, arity);
        return k == null ? -1 : k.parameter();
    }

    /** The idemcheck.yml key carrier that matches a call (its pattern and parameter), or null. */
    public ProjectConfig.KeyCarrier projectKeyCarrier(String typeFqn, String method, int arity) {
        if (project != null) {
            for (ProjectConfig.KeyCarrier k : project.keyCarriers()) {
                if (k.pattern().matches(typeFqn, method, arity) && k.parameter() < arity) {
                    return k;
                }
            }
        }
        return null;
    }

    private static MethodPattern firstMatch(List<MethodPattern> patterns, String typeFqn, String method, int arity) {
        for (MethodPattern p : patterns) {
            if (p.matches(typeFqn, method, arity)) {
                return p;
            }
        }
        return null;
    }
}
