package io.idemcheck.maven;

import io.idemcheck.core.report.ReportFormat;
import org.apache.maven.plugin.MojoExecutionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A build whose {@code formats} dropped a format removes that format's report of an earlier build (last session's
 * trial: idemcheck.sarif stayed in target/idemcheck after formats became json, and CI uploaded the old scan).
 */
class StaleReportsTest {

    @Test
    void reportsOfFormatsNoLongerRequestedAreRemovedAndTheOthersKept(@TempDir Path dir)
            throws IOException, MojoExecutionException {
        Files.writeString(dir.resolve("idemcheck.sarif"), "{}");
        Files.writeString(dir.resolve("idemcheck.json"), "{}");
        Files.writeString(dir.resolve("idemcheck.txt"), "x");
        Files.writeString(dir.resolve("other.sarif"), "{}");

        List<Path> removed = AbstractIdemcheckMojo.removeStaleReports(dir, List.of(ReportFormat.JSON), List.of());

        assertThat(removed).containsExactly(dir.resolve("idemcheck.txt"), dir.resolve("idemcheck.sarif"));
        assertThat(dir.resolve("idemcheck.json")).exists();
        assertThat(dir.resolve("other.sarif")).exists(); // not ours
        assertThat(dir.resolve("idemcheck.sarif")).doesNotExist();
    }

    /** A cache, baseline or configuration file that happens to bear a report's name is an input: never deleted. */
    @Test
    void anInputNamedLikeAReportIsKept(@TempDir Path dir) throws IOException, MojoExecutionException {
        Path cache = Files.writeString(dir.resolve("idemcheck.txt"), "cache");
        Path baseline = Files.writeString(dir.resolve("idemcheck.sarif"), "{}");
        List<Path> removed = AbstractIdemcheckMojo.removeStaleReports(dir, List.of(ReportFormat.JSON),
                List.of(dir.resolve("./idemcheck.txt"), baseline));
        assertThat(removed).isEmpty();
        assertThat(cache).exists();
        assertThat(baseline).exists();
    }

    @Test
    void nothingToRemoveInAMissingFolder(@TempDir Path dir) throws MojoExecutionException {
        assertThat(AbstractIdemcheckMojo.removeStaleReports(dir.resolve("absent"), List.of(), List.of())).isEmpty();
    }
}
