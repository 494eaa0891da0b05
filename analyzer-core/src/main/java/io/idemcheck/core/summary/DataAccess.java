package io.idemcheck.core.summary;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.facts.TypeFacts;
import io.idemcheck.core.index.ProjectIndex;
import io.idemcheck.core.index.TypeEntry;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Which project types are data-access types (mappers, DAOs, repositories), from the catalog's annotations, name
 * suffixes and supertypes, and the types on which idemcheck.yml declares {@code records} or {@code claims} (the
 * project's own task store, {@link Catalog#projectStoreType}). Stateless apart from its inputs and the memoised answers; safe to share between threads.
 */
public final class DataAccess {

    private final Catalog catalog;
    private final ProjectIndex index;
    /** The answer per type: it depends on the type and the read-only index only. */
    private final Map<TypeFacts, Boolean> memo = Collections.synchronizedMap(new IdentityHashMap<>());

    /**
     * @param catalog the vocabulary (data-access annotations, type-name suffixes, supertypes)
     * @param index   the project index, for supertypes
     */
    public DataAccess(Catalog catalog, ProjectIndex index) {
        this.catalog = catalog;
        this.index = index;
    }

    /** True for mapper, DAO and repository types (by annotation, name or supertype). Memoised per type. */
    public boolean isDataAccess(TypeEntry e) {
        Boolean known = memo.get(e.type());
        if (known == null) {
            known = compute(e);
            memo.put(e.type(), known);
        }
        return known;
    }

    private boolean compute(TypeEntry e) {
        for (String a : catalog.dataAccessAnnotations()) {
            if (e.type().annotation(a) != null) {
                return true;
            }
        }
        for (String s : catalog.dataAccessTypeSuffixes()) {
            if (e.type().simpleName().endsWith(s)) {
                return true;
            }
        }
        if (catalog.projectStoreType(e.type().fqn())) {
            return true; // idemcheck.yml declares records or claims on it: the project's own task store
        }
        for (String s : catalog.dataAccessSupertypes()) {
            if (index.isSubtypeOf(e, s)) {
                return true;
            }
        }
        return false;
    }
}
