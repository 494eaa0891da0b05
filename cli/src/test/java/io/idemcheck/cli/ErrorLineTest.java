package io.idemcheck.cli;

import io.idemcheck.core.engine.ProgressListener;
import io.idemcheck.core.engine.ScanRequest;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.report.ReportFixtures;
import io.idemcheck.core.rule.RuleRegistry;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The error line is never empty (fresh-user trial of issue 16): {@code --threads} above the JDK's ceiling gave
 * {@code idemcheck: error: } and nothing after it, because the engine's thread pool threw an
 * {@link IllegalArgumentException} without a message.
 */
class ErrorLineTest {

    @TempDir
    Path tmp;
    Path project;
    final AtomicReference<ScanRequest> lastRequest = new AtomicReference<>();

    @BeforeEach
    void project() throws Exception {
        project = Files.createDirectories(tmp.resolve("repo"));
        Files.createDirectories(project.resolve("src/main/java/com/acme"));
        Files.writeString(project.resolve("src/main/java/com/acme/Job.java"), "class Job {}\n");
    }

    private CliRun run(Function<ScanRequest, ScanResult> engine, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new IdemcheckCli(r -> {
            lastRequest.set(r);
            return engine.apply(r);
        }, () -> RuleRegistry.of(List.of()), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), false).run(args);
        return new CliRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void threadsAboveTheCeilingNameTheOptionAndTheRange() {
        CliRun r = run(q -> ReportFixtures.clean(project), "scan", "--threads=32768", project.toString());
        assertThat(r.code()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).isEqualTo("idemcheck: error: --threads: must be 0 to 32767 (0: one per core), was 32768"
                + System.lineSeparator());
        assertThat(lastRequest.get()).isNull();

        CliRun ok = run(q -> ReportFixtures.clean(project), "scan", "--threads=32767", project.toString());
        assertThat(ok.code()).isEqualTo(ExitCode.OK);
        assertThat(lastRequest.get().threads()).isEqualTo(32767);
    }

    @Test
    void explainWithTooManyThreadsNamesTheOption() {
        CliRun r = CliRun.of("explain", "--threads", "99999", "--project", project.toString(),
                project.resolve("src/main/java/com/acme/Job.java") + ":1");
        assertThat(r.code()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err().strip())
                .isEqualTo("idemcheck: error: --threads: must be 0 to 32767 (0: one per core), was 99999");
    }

    @Test
    void theEngineRefusesTooManyThreadsWithAMessage() {
        assertThatThrownBy(() -> new ScanRequest(List.of(project), null, ScanRequest.MAX_THREADS + 1,
                RuleRegistry.of(List.of()), ProgressListener.NONE))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("threads must be 0 to 32767, was 32768");
    }

    @Test
    void anEngineRejectionWithoutAMessageNamesItsClassAndWhatWasDone() {
        CliRun r = run(q -> {
            throw new IllegalArgumentException();
        }, "scan", project.toString());
        assertThat(r.code()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err().strip()).isEqualTo("idemcheck: error: IllegalArgumentException while scanning");

        CliRun fix = run(q -> {
            throw new IllegalArgumentException("  ");
        }, "fix", project.toString());
        assertThat(fix.code()).isEqualTo(ExitCode.USAGE);
        assertThat(fix.err().strip()).isEqualTo("idemcheck: error: IllegalArgumentException while scanning");
    }

    @Test
    void aFailureWithAnEmptyMessageIsNamedWithoutATrailingColon() {
        CliRun r = run(q -> {
            throw new IllegalStateException("");
        }, "scan", project.toString());
        assertThat(r.code()).isEqualTo(ExitCode.TOOL_FAILURE);
        assertThat(r.err().strip()).isEqualTo(
                "idemcheck: error: unexpected failure: IllegalStateException (run with --debug for details)");
    }

    @Test
    void aBlankMessageIsNeverPrintedAsIs() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        IdemcheckCli cli = new IdemcheckCli(q -> null, () -> RuleRegistry.of(List.of()),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), false);
        assertThat(cli.error(ExitCode.USAGE, " ")).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString(StandardCharsets.UTF_8).strip())
                .isEqualTo("idemcheck: error: failed without a message (run with --debug for details)");
    }
}
