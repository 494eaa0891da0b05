package io.idemcheck.core.report;

import java.nio.file.Files;
import java.nio.file.Path;

/** Finds shared files (the SARIF schema, the JSON report schema) from any module's working directory. */
public final class TestFiles {

    private TestFiles() {
    }

    /**
     * Walks up from the working directory (a module directory under Maven) and returns the first
     * {@code ancestor/relative} that exists.
     *
     * @throws IllegalStateException when no ancestor has it
     */
    public static Path findUp(String relative) {
        Path dir = Path.of("").toAbsolutePath();
        for (Path d = dir; d != null; d = d.getParent()) {
            Path candidate = d.resolve(relative);
            if (Files.exists(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("no " + relative + " in " + dir + " or any parent directory");
    }

    /** The repository root: the nearest ancestor holding {@code docs/json-report.schema.json} and a pom.xml. */
    public static Path repoRoot() {
        return findUp("docs/json-report.schema.json").getParent().getParent();
    }
}
