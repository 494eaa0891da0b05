package io.idemcheck.core.model;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.facts.FileFacts;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.index.ProjectIndex;
import io.idemcheck.core.schema.Schema;
import io.idemcheck.core.springconfig.SpringConfig;
import io.idemcheck.core.summary.HeldTests;
import io.idemcheck.core.summary.Semantics;
import io.idemcheck.core.summary.TestEvidence;

import java.nio.file.Path;
import java.util.Collection;
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
 * @param heldTests  the test files the scan held back from {@code files} and {@code index} until a rule's test
 *                   evidence names them ({@link #testEvidence}); null when none was held
 */
public record Project(Path sourceRoot, List<FileFacts> files, List<Path> resources, ProjectIndex index,
                      Semantics semantics, Schema schema, SpringConfig springConfig, HeldTests heldTests) {

    /** A project whose test files are all in {@code files} and {@code index}. */
    public Project(Path sourceRoot, List<FileFacts> files, List<Path> resources, ProjectIndex index,
                   Semantics semantics, Schema schema, SpringConfig springConfig) {
        this(sourceRoot, files, resources, index, semantics, schema, springConfig, null);
    }

    public Project {
        files = List.copyOf(files);
        resources = List.copyOf(resources);
        schema = schema == null ? Schema.EMPTY : schema;
        springConfig = springConfig == null ? SpringConfig.EMPTY : springConfig;
    }

    public Catalog catalog() {
        return index.catalog();
    }

    /**
     * What the project's tests do to {@code targets}: {@link TestEvidence#covering}, which parses the held-back test
     * files that can name a target (once per scan each). Ask once with every target a rule needs.
     *
     * @param targets the methods the rule asks {@link TestEvidence#testsReaching} and {@link TestEvidence#reaches}
     *                about (answers about other methods may miss tests that were not parsed)
     * @param words   more identifiers whose declarations in test code matter (record step names a fake may throw on)
     */
    public TestEvidence testEvidence(Collection<MethodRef> targets, Collection<String> words) {
        return TestEvidence.covering(index, heldTests, targets, words);
    }
}
