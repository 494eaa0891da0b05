package io.idemcheck.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.idemcheck.core.Version;
import io.idemcheck.core.discovery.SourceDiscovery;
import io.idemcheck.core.engine.ProgressListener;
import io.idemcheck.core.engine.ScanRequest;
import io.idemcheck.core.finding.Diagnostic;
import io.idemcheck.core.finding.Finding;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.report.JsonReportSchemaValidator;
import io.idemcheck.core.report.ReportFixtures;
import io.idemcheck.core.report.SarifSchemaValidator;
import io.idemcheck.core.rule.Rule;
import io.idemcheck.core.rule.RuleContext;
import io.idemcheck.core.rule.RuleInfo;
import io.idemcheck.core.rule.RuleRegistry;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

class IdemcheckCliTest {

    @RuleInfo(id = "IDEM001", name = "SideEffectBeforeStatusRecord", summary = "Side effect before the status write",
            severity = Severity.WARNING, tags = {"batch"})
    static final class R1 implements Rule {
        @Override
        public void check(RuleContext ctx) {
        }
    }

    @RuleInfo(id = "IDEM002", name = "InsertWithoutNaturalKey", summary = "INSERT without a natural key",
            severity = Severity.ERROR)
    static final class R2 implements Rule {
        @Override
        public void check(RuleContext ctx) {
        }
    }

    @TempDir
    Path tmp;
    Path project;
    final AtomicReference<ScanRequest> lastRequest = new AtomicReference<>();

    record Run(int code, String out, String err) {
        List<String> errLines() {
            return err.isEmpty() ? List.of() : Arrays.asList(err.split("\\R"));
        }
    }

    @BeforeEach
    void project() throws Exception {
        project = Files.createDirectories(tmp.resolve("repo"));
        Files.createDirectories(project.resolve(".git"));
        Files.createDirectories(project.resolve("src/main/java/com/acme"));
        Files.writeString(project.resolve("src/main/java/com/acme/Pay Job.java"), "class PayJob {}\n");
    }

    private Run run(Function<ScanRequest, ScanResult> engine, boolean console, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Function<ScanRequest, ScanResult> recording = r -> {
            lastRequest.set(r);
            return engine.apply(r);
        };
        int code = new IdemcheckCli(recording, () -> RuleRegistry.of(List.of(new R2(), new R1())),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                console).run(args);
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private Run run(Function<ScanRequest, ScanResult> engine, String... args) {
        return run(engine, false, args);
    }

    private Run scan(ScanResult result, String... extra) {
        List<String> args = new ArrayList<>(List.of("scan", project.toString()));
        args.addAll(List.of(extra));
        return run(r -> result, args.toArray(String[]::new));
    }

    private ScanResult result(List<Finding> findings, List<Diagnostic> diagnostics) {
        return ReportFixtures.of(project, findings, diagnostics);
    }

    private static void assertOneLineError(Run r, String expected) {
        assertThat(r.code()).isEqualTo(ExitCode.USAGE);
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.err()).startsWith("idemcheck: error: ").doesNotContain("Exception").doesNotContain("\tat ");
        if (expected != null) {
            assertThat(r.errLines().get(0)).isEqualTo(expected);
        }
        assertThat(r.out()).isEmpty();
    }

    // ---- exit codes

    @Test
    void cleanScanExitsZero() {
        Run r = scan(ReportFixtures.clean(project));
        assertThat(r.code()).isEqualTo(ExitCode.OK);
        assertThat(r.out()).startsWith("idemcheck: 5 files, 0 findings");
        assertThat(r.err()).isEmpty();
    }

    @Test
    void warningFindingExitsFourByDefault() {
        Run r = scan(result(List.of(ReportFixtures.sideEffect()), List.of()));
        assertThat(r.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(r.out()).contains("Pay Job.java:42:9: warning: [IDEM001]");
    }

    @Test
    void thresholdDecides() {
        ScanResult noteOnly = result(List.of(ReportFixtures.clock()), List.of());
        assertThat(scan(noteOnly).code()).isEqualTo(ExitCode.OK);
        assertThat(scan(noteOnly, "--fail-on", "note").code()).isEqualTo(ExitCode.FINDINGS);
        ScanResult warning = result(List.of(ReportFixtures.sideEffect()), List.of());
        assertThat(scan(warning, "--fail-on", "error").code()).isEqualTo(ExitCode.OK);
        assertThat(scan(warning, "--fail-on", "WARNING").code()).isEqualTo(ExitCode.FINDINGS);
        ScanResult error = result(List.of(ReportFixtures.insert()), List.of());
        assertThat(scan(error, "--fail-on", "error").code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(scan(error, "--fail-on", "none").code()).isEqualTo(ExitCode.OK);
    }

    @Test
    void unanalysedFilesExitFiveUnlessFindingsWinOrNoFailOnError() {
        ScanResult parseError = result(List.of(), List.of(ReportFixtures.parseError()));
        assertThat(scan(parseError).code()).isEqualTo(ExitCode.NOT_ANALYSED);
        assertThat(scan(parseError, "--fail-on-error").code()).isEqualTo(ExitCode.NOT_ANALYSED);
        assertThat(scan(parseError, "--no-fail-on-error").code()).isEqualTo(ExitCode.OK);
        assertThat(scan(parseError, "--fail-on", "none").code()).isEqualTo(ExitCode.NOT_ANALYSED);

        ScanResult both = result(List.of(ReportFixtures.sideEffect()), List.of(ReportFixtures.parseError()));
        assertThat(scan(both).code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(scan(both, "--fail-on", "error").code()).isEqualTo(ExitCode.NOT_ANALYSED);

        // diagnostics that do not block analysis never give 5
        ScanResult kotlin = result(List.of(), List.of(ReportFixtures.diagnostics().get(1)));
        assertThat(scan(kotlin).code()).isEqualTo(ExitCode.OK);
    }

    @Test
    void engineFailureIsExitOneWithOneLine() {
        Run r = run(req -> {
            throw new IllegalStateException("index exploded\nsecond line");
        }, "scan", project.toString());
        assertThat(r.code()).isEqualTo(ExitCode.TOOL_FAILURE);
        assertThat(r.errLines()).containsExactly(
                "idemcheck: error: unexpected failure: IllegalStateException: index exploded (run with --debug for details)");
        assertThat(r.err()).doesNotContain("\tat ");
    }

    @Test
    void debugAddsTheStackTrace() {
        Run r = run(req -> {
            throw new IllegalStateException("index exploded");
        }, "scan", "--debug", project.toString());
        assertThat(r.code()).isEqualTo(ExitCode.TOOL_FAILURE);
        assertThat(r.errLines().get(0)).isEqualTo("idemcheck: error: unexpected failure: IllegalStateException: index exploded");
        assertThat(r.err()).contains("\tat ");
    }

    @Test
    void engineIllegalArgumentIsAUsageError() {
        Run r = run(req -> {
            throw new IllegalArgumentException("path 'x' is outside the source root");
        }, "scan", project.toString());
        assertOneLineError(r, "idemcheck: error: path 'x' is outside the source root");
    }

    // ---- one-line usage errors

    @Test
    void oneLineErrors() {
        ScanResult clean = ReportFixtures.clean(project);
        assertOneLineError(scan(clean, "--fail-on", "bogus"),
                "idemcheck: error: --fail-on: unknown value 'bogus' (expected error, warning, note or none)");
        assertOneLineError(scan(clean, "--format", "xml"),
                "idemcheck: error: --format: unknown value 'xml' (expected text, json or sarif)");
        assertOneLineError(run(r -> clean, "scan", "nope"), "idemcheck: error: path 'nope' does not exist");
        assertOneLineError(scan(clean, "--bogus"),
                "idemcheck: error: unknown option: '--bogus' (see 'idemcheck scan --help')");
        assertOneLineError(scan(clean, "--threads", "-1"), "idemcheck: error: --threads: must be 0 to 32767 (0: one per core), was -1");
        assertOneLineError(scan(clean, "--threads", "many"), null);
        assertOneLineError(scan(clean, "--format"), null);
        assertOneLineError(scan(clean, "--source-root", tmp.resolve("missing").toString()), null);
        assertOneLineError(scan(clean, "--format", "sarif", "--docs-base-url", "docs/rules"), null);
        assertOneLineError(run(r -> clean), "idemcheck: error: missing command: expected scan, rules or init (see 'idemcheck --help')");
        assertOneLineError(run(r -> clean, "frobnicate"), null);
        assertOneLineError(run(r -> clean, "--bogus"), null);
        assertThat(lastRequest.get()).isNull();
    }

    @Test
    void unwritableOutputIsAUsageError() throws Exception {
        Path file = Files.writeString(tmp.resolve("plain.txt"), "x");
        assertOneLineError(scan(ReportFixtures.clean(project), "--output", file.resolve("sub/out.sarif").toString()), null);
        assertOneLineError(scan(ReportFixtures.clean(project), "--output", tmp.toString()), null);
    }

    // ---- output and formats

    @Test
    void outputFileIsWrittenWithParentDirectories() throws Exception {
        Path out = tmp.resolve("reports/nested/idemcheck.sarif");
        Run r = scan(ReportFixtures.full(project), "--format", "sarif", "--output", out.toString());
        assertThat(r.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).isEmpty();
        String sarif = Files.readString(out);
        SarifSchemaValidator.assertValid(sarif);
        JsonNode run = new ObjectMapper().readTree(sarif).at("/runs/0");
        assertThat(run.at("/results")).hasSize(3);
        assertThat(run.at("/originalUriBaseIds/%SRCROOT%/uri").asText()).startsWith("file:///").endsWith("/repo/");
    }

    @Test
    void sarifOnStdoutIsValid() throws Exception {
        Run r = scan(ReportFixtures.full(project), "-f", "sarif", "--docs-base-url", "https://example.org/rules/");
        assertThat(r.code()).isEqualTo(ExitCode.FINDINGS);
        SarifSchemaValidator.assertValid(r.out());
        JsonNode log = new ObjectMapper().readTree(r.out());
        assertThat(log.at("/runs/0/tool/driver/rules/0/helpUri").asText())
                .isEqualTo("https://example.org/rules/SideEffectBeforeStatusRecord.md");
        assertThat(log.at("/runs/0/results/1/locations/0/physicalLocation/artifactLocation/uri").asText())
                .isEqualTo("src/main/java/com/acme/Pay%20Job.java");
    }

    @Test
    void jsonOnStdoutMatchesItsSchema() throws Exception {
        Run r = scan(ReportFixtures.full(project), "--format", "json", "--fail-on", "none", "--no-fail-on-error");
        assertThat(r.code()).isEqualTo(ExitCode.OK);
        JsonReportSchemaValidator.assertValid(r.out());
        assertThat(new ObjectMapper().readTree(r.out()).get("findings")).hasSize(3);
    }

    // ---- what the engine is asked

    @Test
    void requestCarriesAbsolutePathsGitRootThreadsAndRules() throws Exception {
        Path sub = project.resolve("src/main/java");
        scan(ReportFixtures.clean(project)); // warm up
        run(r -> ReportFixtures.clean(project), "scan", "--threads", "3", sub.toString(),
                project.resolve("src/main/java/com/acme/Pay Job.java").toString());
        ScanRequest req = lastRequest.get();
        assertThat(req.paths()).hasSize(2).allMatch(Path::isAbsolute);
        assertThat(req.sourceRoot()).isEqualTo(project.toAbsolutePath().normalize());
        assertThat(req.threads()).isEqualTo(3);
        assertThat(req.rules().descriptors()).extracting(d -> d.id()).containsExactly("IDEM001", "IDEM002");
        assertThat(req.progress()).isSameAs(ProgressListener.NONE);

        run(r -> ReportFixtures.clean(project), "scan", "--source-root", sub.toString(), sub.toString());
        assertThat(lastRequest.get().sourceRoot()).isEqualTo(sub.toAbsolutePath().normalize());
    }

    @Test
    void defaultSourceRootIsTheGitWorkTree() throws Exception {
        Path file = project.resolve("src/main/java/com/acme/Pay Job.java");
        assertThat(SourceDiscovery.defaultSourceRoot(file)).isEqualTo(project);
        // a .git FILE (worktrees, submodules) also marks the top
        Path wt = Files.createDirectories(tmp.resolve("wt/src"));
        Files.writeString(tmp.resolve("wt/.git"), "gitdir: /elsewhere\n");
        assertThat(SourceDiscovery.defaultSourceRoot(wt)).isEqualTo(tmp.resolve("wt"));
    }

    @Test
    void outsideAGitTreeTheDefaultSourceRootNeverClimbsAboveTheScannedFolder() throws Exception {
        // the temporary folder is outside the current directory (the module's folder) and outside any git tree
        Path outside = Files.createDirectories(tmp.resolve("plain/src/main/java"));
        Assumptions.assumeFalse(outside.startsWith(Path.of("").toAbsolutePath()));
        for (Path p = tmp; p != null; p = p.getParent()) {
            Assumptions.assumeFalse(Files.exists(p.resolve(".git")), "a git work tree holds the temporary folder");
        }
        Path file = Files.writeString(outside.resolve("A.java"), "class A {}\n");
        assertThat(SourceDiscovery.defaultSourceRoot(file)).isEqualTo(outside);
        assertThat(SourceDiscovery.relativize(SourceDiscovery.defaultSourceRoot(tmp.resolve("plain")), file))
                .isEqualTo("src/main/java/A.java");
    }

    @Test
    void progressDefaultsOnOnlyForATerminalWithAFileReport() {
        Path out = tmp.resolve("r.json");
        run(r -> ReportFixtures.clean(project), true, "scan", project.toString(), "-o", out.toString());
        assertThat(lastRequest.get().progress()).isInstanceOf(ProgressLine.class);
        run(r -> ReportFixtures.clean(project), true, "scan", project.toString());
        assertThat(lastRequest.get().progress()).isSameAs(ProgressListener.NONE);
        run(r -> ReportFixtures.clean(project), true, "scan", project.toString(), "-o", out.toString(), "--no-progress");
        assertThat(lastRequest.get().progress()).isSameAs(ProgressListener.NONE);
        run(r -> ReportFixtures.clean(project), false, "scan", project.toString(), "--progress");
        assertThat(lastRequest.get().progress()).isInstanceOf(ProgressLine.class);
    }

    // ---- rules, version, help

    @Test
    void rulesListsIdNameSeverityAndSummary() {
        Run r = run(req -> null, "rules");
        assertThat(r.code()).isEqualTo(ExitCode.OK);
        assertThat(r.out().split("\\R")).containsExactly(
                "IDEM001  SideEffectBeforeStatusRecord  warning  Side effect before the status write",
                "IDEM002  InsertWithoutNaturalKey       error    INSERT without a natural key");
    }

    @Test
    void versionPrintsNameAndVersion() {
        Run r = run(req -> null, "--version");
        assertThat(r.code()).isEqualTo(ExitCode.OK);
        assertThat(r.out()).isEqualTo("idemcheck " + Version.version() + System.lineSeparator());
    }

    @ParameterizedTest
    @ValueSource(strings = {"--help", "scan --help", "rules --help", "scan -h"})
    void helpEverywhere(String args) {
        Run r = run(req -> null, args.split(" "));
        assertThat(r.code()).isEqualTo(ExitCode.OK);
        assertThat(r.out()).contains("Usage: idemcheck");
        assertThat(r.err()).isEmpty();
    }

    @Test
    void scanHelpListsTheOptions() {
        String help = run(req -> null, "scan", "--help").out();
        assertThat(help).contains("--format", "--output", "--fail-on", "--threads", "--[no-]progress",
                "--source-root", "--[no-]fail-on-error", "--docs-base-url");
    }
}
