package io.idemcheck.core.report;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds repository files (the JSON report schema, docs) from any module's working directory, never looking outside the
 * repository: the search stops at the top of the Maven reactor (the highest ancestor that still holds a pom.xml).
 */
public final class TestFiles {

    private TestFiles() {
    }

    /**
     * Walks up from the working directory (a module directory under Maven) to the reactor root and returns the first
     * {@code ancestor/relative} that exists.
     *
     * @throws IllegalStateException when no directory between the working directory and the reactor root has it
     */
    public static Path findUp(String relative) {
        Path dir = Path.of("").toAbsolutePath();
        for (Path d = dir; d != null && (d.equals(dir) || Files.exists(d.resolve("pom.xml"))); d = d.getParent()) {
            Path candidate = d.resolve(relative);
            if (Files.exists(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("no " + relative + " in " + dir + " or any parent directory inside the repository");
    }

    /** The repository root: the nearest ancestor holding {@code docs/json-report.schema.json} and a pom.xml. */
    public static Path repoRoot() {
        return findUp("docs/json-report.schema.json").getParent().getParent();
    }
}
