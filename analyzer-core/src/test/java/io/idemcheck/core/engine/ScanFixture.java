package io.idemcheck.core.engine;

import io.idemcheck.core.config.ConfigLoader;
import io.idemcheck.core.config.ProjectConfig;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.model.Project;
import io.idemcheck.core.rule.Rule;
import io.idemcheck.core.rule.RuleRegistry;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The shared harness of the analyzer-core tests that need a scanned project: write small inputs into a directory,
 * optionally an idemcheck.yml, scan it with the given rules on one thread, and keep the project model the engine
 * built together with the scan's result.
 */
public final class ScanFixture {

    private ScanFixture() {
    }

    /** A scanned project: the model the rules saw and the scan's result. */
    public record Scanned(Project project, ScanResult result) {
    }

    /** Writes the given files (path relative to {@code dir}, text, path, text, ..), creating their folders. */
    public static void write(Path dir, String... pathAndText) throws Exception {
        for (int i = 0; i < pathAndText.length; i += 2) {
            Path p = dir.resolve(pathAndText[i]);
            Files.createDirectories(p.getParent());
            Files.writeString(p, pathAndText[i + 1]);
        }
    }

    /** {@code yaml} written as {@code dir}/idemcheck.yml and loaded; {@link ProjectConfig#NONE} for null. */
    public static ProjectConfig config(Path dir, String yaml) throws Exception {
        if (yaml == null) {
            return ProjectConfig.NONE;
        }
        Files.writeString(dir.resolve(ProjectConfig.FILE_NAME), yaml);
        return ConfigLoader.load(dir.resolve(ProjectConfig.FILE_NAME));
    }

    /** Scans {@code dir} (also the source root) with {@code rules} and {@code config}, on one thread. */
    public static Scanned scan(Path dir, ProjectConfig config, List<Rule> rules) {
        AtomicReference<Project> model = new AtomicReference<>();
        ScanResult result = new Analyzer().scan(new ScanRequest(List.of(dir), dir, 1, RuleRegistry.of(rules),
                ProgressListener.NONE, config), model::set);
        return new Scanned(model.get(), result);
    }

    /** Writes the files into {@code dir} and returns the project model of a scan without rules or idemcheck.yml. */
    public static Project project(Path dir, String... pathAndText) throws Exception {
        write(dir, pathAndText);
        return scan(dir, ProjectConfig.NONE, List.of()).project();
    }
}
