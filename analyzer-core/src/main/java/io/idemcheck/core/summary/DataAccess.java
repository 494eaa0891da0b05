package io.idemcheck.core.summary;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.index.ProjectIndex;
import io.idemcheck.core.index.TypeEntry;

/**
 * Which project types are data-access types (mappers, DAOs, repositories), from the catalog's annotations, name
 * suffixes and supertypes. Stateless apart from its inputs; safe to share between threads.
 */
public final class DataAccess {

    private final Catalog catalog;
    private final ProjectIndex index;

    /**
     * @param catalog the vocabulary (data-access annotations, type-name suffixes, supertypes)
     * @param index   the project index, for supertypes
     */
    public DataAccess(Catalog catalog, ProjectIndex index) {
        this.catalog = catalog;
        this.index = index;
    }

    /** True for mapper, DAO and repository types (by annotation, name or supertype). */
    public boolean isDataAccess(TypeEntry e) {
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
        for (String s : catalog.dataAccessSupertypes()) {
            if (index.isSubtypeOf(e, s)) {
                return true;
            }
        }
        return false;
    }
}
