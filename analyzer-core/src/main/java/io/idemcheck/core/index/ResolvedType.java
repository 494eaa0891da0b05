package io.idemcheck.core.index;

/**
 * The outcome of resolving a type name in a file.
 *
 * @param name  fully qualified name when known, else the name as written
 * @param kind  where the type comes from
 */
public record ResolvedType(String name, Kind kind) {

    public static final ResolvedType UNKNOWN = new ResolvedType("?", Kind.UNKNOWN);

    public enum Kind {
        /** Declared in the scanned sources. */
        PROJECT,
        /** From a known library package (JDK, Spring, ...; see the catalog). */
        LIBRARY,
        /** Imported from a package that is neither scanned nor known. */
        EXTERNAL,
        /** Could not be resolved at all. */
        UNKNOWN
    }

    public boolean isProject() {
        return kind == Kind.PROJECT;
    }

    /** The last segment of the name. */
    public String simpleName() {
        int i = name.lastIndexOf('.');
        return i < 0 ? name : name.substring(i + 1);
    }
}
