package io.idemcheck.core.engine;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.facts.FileFacts;
import io.idemcheck.core.index.ProjectIndex;
import io.idemcheck.core.schema.Schema;
import io.idemcheck.core.summary.Semantics;

import java.nio.file.Path;
import java.util.List;

/**
 * The analysed project as rules see it.
 *
 * @param sourceRoot absolute directory that report paths are relative to
 * @param files      facts of every parsed Java file, in path order
 * @param resources  collected non-Java inputs (mapper XML, SQL), absolute, in path order
 * @param index      types, methods and call resolution
 * @param semantics  what calls and methods do (effects, records, claims, keys)
 * @param schema     the database schema the project declares (DDL, migrations, changelogs, entities)
 */
public record Project(Path sourceRoot, List<FileFacts> files, List<Path> resources, ProjectIndex index,
                      Semantics semantics, Schema schema) {

    public Project {
        files = List.copyOf(files);
        resources = List.copyOf(resources);
        schema = schema == null ? Schema.EMPTY : schema;
    }

    /** A project with no visible schema. */
    public Project(Path sourceRoot, List<FileFacts> files, List<Path> resources, ProjectIndex index,
                   Semantics semantics) {
        this(sourceRoot, files, resources, index, semantics, Schema.EMPTY);
    }

    public Catalog catalog() {
        return index.catalog();
    }

    /** True when any scanned Java file is test code. */
    public boolean hasTests() {
        return files.stream().anyMatch(FileFacts::test);
    }
}
