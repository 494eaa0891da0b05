package io.idemcheck.core.model;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.facts.FileFacts;
import io.idemcheck.core.index.ProjectIndex;
import io.idemcheck.core.schema.Schema;
import io.idemcheck.core.springconfig.SpringConfig;
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
 * @param springConfig the Spring Boot configuration files (application*.yml|yaml|properties), key paths with lines
 */
public record Project(Path sourceRoot, List<FileFacts> files, List<Path> resources, ProjectIndex index,
                      Semantics semantics, Schema schema, SpringConfig springConfig) {

    public Project {
        files = List.copyOf(files);
        resources = List.copyOf(resources);
        schema = schema == null ? Schema.EMPTY : schema;
        springConfig = springConfig == null ? SpringConfig.EMPTY : springConfig;
    }

    public Catalog catalog() {
        return index.catalog();
    }
}
