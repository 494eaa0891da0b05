package io.idemcheck.core.schema;

import io.idemcheck.core.discovery.SourceDiscovery;
import io.idemcheck.core.finding.Diagnostic;
import io.idemcheck.core.index.ProjectIndex;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Builds the {@link Schema} of a project. Files apply in this order:
 * <ol>
 *   <li>plain SQL files ({@code schema.sql}, any {@code *.sql} that is not a Flyway migration), test resources
 *       first, then main ones, each in path order (so the main definition of a table wins);</li>
 *   <li>Flyway versioned migrations {@code V<version>__<desc>.sql}, in version order (numeric parts: V1.1, V1.2,
 *       V2, V9, V10), ties by path;</li>
 *   <li>Flyway repeatable migrations {@code R__<desc>.sql}, by description;</li>
 *   <li>Liquibase changelogs (XML and YAML files holding {@code databaseChangeLog}), in path order, changes in file
 *       order;</li>
 *   <li>entity annotations: unique constraints added to the tables above, entity-only tables created.</li>
 * </ol>
 * A later CREATE TABLE of a known table replaces it (unless IF NOT EXISTS).
 */
public final class SchemaReader {

    private static final Pattern VERSIONED = Pattern.compile("V(\\d+(?:[._]\\d+)*)__.*\\.sql");
    private static final Pattern REPEATABLE = Pattern.compile("R__.*\\.sql");

    private SchemaReader() {
    }

    /**
     * @param root      the source root (report paths are relative to it)
     * @param yamlChangelogs the YAML files that may be Liquibase changelogs ({@link SourceDiscovery#discoverWithYaml}: the YAML files under the scanned paths)
     * @param resources      the collected SQL and XML files
     * @param index          the Java project (entity classes), may be null
     */
    public static Schema read(Path root, List<Path> yamlChangelogs, List<Path> resources, ProjectIndex index) {
        Schema schema = new Schema();
        List<Path> plainTest = new ArrayList<>();
        List<Path> plainMain = new ArrayList<>();
        List<Path> versioned = new ArrayList<>();
        List<Path> repeatable = new ArrayList<>();
        Set<Path> changelogs = new TreeSet<>();
        for (Path p : resources) {
            String n = p.getFileName().toString();
            if (n.endsWith(".sql")) {
                if (VERSIONED.matcher(n).matches()) {
                    versioned.add(p);
                } else if (REPEATABLE.matcher(n).matches()) {
                    repeatable.add(p);
                } else if (n.matches("U\\d.*__.*\\.sql")) {
                    continue; // Flyway undo migration: not applied
                } else if (("/" + rel(root, p)).contains("/src/test/")) {
                    plainTest.add(p);
                } else {
                    plainMain.add(p);
                }
            } else if (n.endsWith(".xml")) {
                changelogs.add(p);
            }
        }
        changelogs.addAll(yamlChangelogs);
        versioned.sort(Comparator.comparing((Path p) -> version(p.getFileName().toString()), SchemaReader::compare)
                .thenComparing(p -> rel(root, p)));
        repeatable.sort(Comparator.comparing(p -> p.getFileName().toString()));
        plainTest.sort(Comparator.comparing(p -> rel(root, p)));
        plainMain.sort(Comparator.comparing(p -> rel(root, p)));
        for (List<Path> group : List.of(plainTest, plainMain, versioned, repeatable)) {
            for (Path p : group) {
                String text = text(schema, root, p);
                if (text != null) {
                    new DdlReader(schema, rel(root, p), Dialect.guess(text)).read(text);
                }
            }
        }
        List<Path> logs = new ArrayList<>(changelogs);
        logs.sort(Comparator.comparing(p -> rel(root, p)));
        for (Path p : logs) {
            String text = text(schema, root, p);
            if (text == null || !LiquibaseReader.isChangelog(text)) {
                continue;
            }
            LiquibaseReader r = new LiquibaseReader(schema, rel(root, p));
            if (p.getFileName().toString().endsWith(".xml")) {
                r.readXml(text);
            } else {
                r.readYaml(text);
            }
        }
        if (index != null) {
            EntitySchema.apply(schema, index);
        }
        return schema;
    }

    /** Reads only SQL text (no files); for tests and tools. */
    public static Schema fromSql(String relPath, String sql) {
        Schema schema = new Schema();
        new DdlReader(schema, relPath, Dialect.guess(sql)).read(sql);
        return schema;
    }

    /** The version of a Flyway migration file name, as its numeric parts ("V1.2__x.sql" gives [1, 2]). */
    static List<Long> version(String fileName) {
        Matcher m = VERSIONED.matcher(fileName);
        List<Long> out = new ArrayList<>();
        if (m.matches()) {
            for (String part : m.group(1).split("[._]")) {
                try {
                    out.add(Long.parseLong(part));
                } catch (NumberFormatException e) {
                    out.add(Long.MAX_VALUE);
                }
            }
        }
        return out;
    }

    private static int compare(List<Long> a, List<Long> b) {
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
            long x = i < a.size() ? a.get(i) : 0;
            long y = i < b.size() ? b.get(i) : 0;
            if (x != y) {
                return Long.compare(x, y);
            }
        }
        return 0;
    }

    private static String rel(Path root, Path p) {
        return SourceDiscovery.relativize(root, p);
    }

    private static String text(Schema schema, Path root, Path p) {
        try {
            byte[] b = Files.readAllBytes(p);
            return new String(b, StandardCharsets.UTF_8);
        } catch (IOException e) {
            schema.diagnostic(new Diagnostic(Diagnostic.Kind.IO_ERROR, rel(root, p), 0, 0,
                    "could not read: " + e.getMessage()));
            return null;
        }
    }
}
