package io.idemcheck.core.catalog;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.idemcheck.core.config.MethodPattern;
import io.idemcheck.core.config.ProjectConfig;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * idemcheck's knowledge of libraries and names: which types and methods are side effects, which calls record state,
 * claim rows or carry idempotency keys, which methods are job entry points. Loaded from the class-path resource
 * {@code io/idemcheck/core/catalog/catalog.json}; see that file for the data. {@link #withProject(ProjectConfig)} adds a
 * project's own vocabulary from {@code idemcheck.yml} ({@code project} is null in the built-in catalog).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Catalog(List<EffectType> effectTypes, List<EffectAnnotation> effectAnnotations,
                      List<String> notEffectTypes, List<String> libraryPackages,
                      List<EffectName> effectMethodNames, List<String> notEffectMethodNames,
                      List<String> dbWriteMethodNames, List<String> dataAccessTypeSuffixes,
                      List<String> dataAccessSupertypes, List<String> dataAccessAnnotations,
                      List<String> recordMethodNames, List<String> entitySaveMethodNames,
                      List<String> statusSetterNames, List<String> claimMethodNames,
                      List<String> keyParameterNames, List<String> keyCarrierMethods, List<String> keyHeaderNames,
                      List<String> keyFactories, List<String> nonDeterministicKeyCalls, List<String> statusColumns,
                      List<String> fencingColumns, EntryPoints entryPoints, List<String> transactionAnnotations,
                      List<String> transactionTemplateMethods, List<String> transactionTemplateTypes,
                      List<String> recordColumns, ProjectConfig project) {

    private static final String RESOURCE = "/io/idemcheck/core/catalog/catalog.json";

    /** Loads the built-in catalog. @throws UncheckedIOException when the resource is missing or malformed. */
    public static Catalog load() {
        try (InputStream in = Catalog.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new UncheckedIOException(new IOException("missing " + RESOURCE));
            }
            return new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
                    .readValue(in, Catalog.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A library type whose calls are side effects. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record EffectType(String type, String kind, List<String> methods) {
        public boolean matchesMethod(String name) {
            return methods.stream().anyMatch(p -> new NamePattern(p).matches(name));
        }
    }

    /** A type annotation (e.g. FeignClient) that makes every method of the annotated interface a side effect. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record EffectAnnotation(String annotation, String kind) {
    }

    /** A business-effect method name with a kind and the verb used in messages ("charges the customer again"). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record EffectName(String pattern, String kind, String verb) {
    }

    /** Job entry points: annotated methods and interface methods run unattended. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record EntryPoints(List<String> methodAnnotations, List<TypeMethod> typeAnnotationsWithMethod,
                              List<TypeMethod> interfaces) {
    }

    /** An (annotation or type, method) pair. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record TypeMethod(String type, String annotation, String method) {
    }

    // ---- lookups ----------------------------------------------------------------------------------------------------

    public static boolean any(List<String> patterns, String name) {
        for (String p : patterns) {
            if (new NamePattern(p).matches(name)) {
                return true;
            }
        }
        return false;
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
        if (notEffectMethodNames.contains(method)) {
            return null;
        }
        for (EffectName e : effectMethodNames) {
            if (new NamePattern(e.pattern()).matches(method)) {
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
    public record ProjectEffect(String kind, String verb, String pattern) {
    }

    // ---- the project's vocabulary (idemcheck.yml) -------------------------------------------------------------------

    /**
     * This catalog extended with a project's vocabulary: its status columns are added to {@link #statusColumns()},
     * and its effects, records, claims, locks and key carriers are answered by the {@code project*} lookups.
     */
    public Catalog withProject(ProjectConfig config) {
        if (config == null || config.isEmpty()) {
            return this;
        }
        List<String> columns = new ArrayList<>(statusColumns);
        columns.addAll(config.statusColumns());
        return new Catalog(effectTypes, effectAnnotations, notEffectTypes, libraryPackages, effectMethodNames,
                notEffectMethodNames, dbWriteMethodNames, dataAccessTypeSuffixes, dataAccessSupertypes,
                dataAccessAnnotations, recordMethodNames, entitySaveMethodNames, statusSetterNames, claimMethodNames,
                keyParameterNames, keyCarrierMethods, keyHeaderNames, keyFactories, nonDeterministicKeyCalls,
                List.copyOf(columns), fencingColumns, entryPoints, transactionAnnotations, transactionTemplateMethods,
                transactionTemplateTypes, recordColumns, config);
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
                return new ProjectEffect(e.kind(), e.verb(), e.pattern().pattern());
            }
        }
        return null;
    }

    /** True when the project declares such a call a record of the item's state. */
    public boolean projectRecord(String typeFqn, String method, int arity) {
        return project != null && anyMatch(project.records(), typeFqn, method, arity);
    }

    /** True when the project declares such a call a claim or a lock on the item. */
    public boolean projectClaim(String typeFqn, String method, int arity) {
        return project != null && (anyMatch(project.claims(), typeFqn, method, arity)
                || anyMatch(project.locks(), typeFqn, method, arity));
    }

    /** The argument index that carries an idempotency key in such a call, by the project's key carriers, or -1. */
    public int projectKeyParameter(String typeFqn, String method, int arity) {
        if (project != null) {
            for (ProjectConfig.KeyCarrier k : project.keyCarriers()) {
                if (k.pattern().matches(typeFqn, method, arity) && k.parameter() < arity) {
                    return k.parameter();
                }
            }
        }
        return -1;
    }

    /** The project's extra state values ({@code stateValues}); empty without a configuration. */
    public List<String> projectStateValues() {
        return project == null ? List.of() : project.stateValues();
    }

    private static boolean anyMatch(List<MethodPattern> patterns, String typeFqn, String method, int arity) {
        for (MethodPattern p : patterns) {
            if (p.matches(typeFqn, method, arity)) {
                return true;
            }
        }
        return false;
    }
}
