package io.idemcheck.core.facts;

import io.idemcheck.core.util.Ordered;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Everything the engine keeps of one Java file after its syntax tree is dropped.
 *
 * @param path           absolute path
 * @param relPath        path relative to the source root, '/' separated
 * @param packageName    package ("" for the default package)
 * @param imports        single-type imports: simple name to fully qualified name
 * @param wildcards      on-demand imports: package (or type) names
 * @param staticImports  static imports: member name to the type that declares it ("*" for on-demand: type to "*")
 * @param test           test code (under src/test/, or uses JUnit/TestNG annotations)
 * @param types          declared types, outer before inner
 */
public record FileFacts(Path path, String relPath, String packageName, Map<String, String> imports,
                        List<String> wildcards, Map<String, String> staticImports, boolean test,
                        List<TypeFacts> types) {

    public FileFacts {
        imports = Ordered.map(imports);
        wildcards = List.copyOf(wildcards);
        staticImports = Ordered.map(staticImports);
        types = List.copyOf(types);
    }

    /** These facts without the absolute path, as the analysis cache stores them ({@link Stored#restore}). */
    public Stored stored() {
        return new Stored(relPath, packageName, imports, wildcards, staticImports, test, types);
    }

    /** A file's facts without its absolute path (which depends on where the tree is checked out). */
    public record Stored(String relPath, String packageName, Map<String, String> imports, List<String> wildcards,
                         Map<String, String> staticImports, boolean test, List<TypeFacts> types)
            implements java.io.Serializable {

        /** The facts of the file now at {@code path}. */
        public FileFacts restore(Path path) {
            return new FileFacts(path, relPath, packageName, imports, wildcards, staticImports, test, types);
        }

        /** The same facts for the same content found at {@code newRelPath} (moved, or another source root). */
        public Stored movedTo(String newRelPath) {
            return new Stored(newRelPath, packageName, imports, wildcards, staticImports, test, types);
        }
    }
}
