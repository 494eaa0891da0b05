package io.idemcheck.core.session;

import io.idemcheck.core.baseline.Baseline;
import io.idemcheck.core.engine.ScanRequest;
import io.idemcheck.core.finding.Finding;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.finding.SuppressedFinding;
import io.idemcheck.core.report.ReportFixtures;
import io.idemcheck.core.report.ReportFormat;
import io.idemcheck.core.rule.RuleRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The scan session the CLI and the Maven plugin share: baseline, filter, reports and the decision. */
class ScanSessionTest {

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    private final List<String> notices = new ArrayList<>();
    private final List<ScanResult> seen = new ArrayList<>();

    private ScanSession.Listener listener() {
        return new ScanSession.Listener() {
            @Override
            public void notice(String line) {
                notices.add(line);
            }

            @Override
            public void result(ScanResult result) {
                seen.add(result);
            }
        };
    }

    private ScanRequest request() {
        return new ScanRequest(List.of(tmp), tmp, 0, RuleRegistry.of(List.of()), null);
    }

    private ScanSession.Output toStdout(ReportFormat f) {
        return new ScanSession.Output(List.of(new ScanSession.Report(f, null)), null, false, stdout, tmp);
    }

    private ScanSession.Outcome run(ScanResult canned, ScanSession.Baselining b, ScanSession.Decision d,
                                    ScanSession.Output out) {
        Function<ScanRequest, ScanResult> engine = r -> canned;
        return new ScanSession(engine).run(new ScanSession.Settings(request(), b, null, d, out), listener());
    }

    @Test
    void findingsOverTheThresholdWinOverAnalysisErrors() {
        ScanResult both = ReportFixtures.full(tmp); // a warning, an error, a note and a parse error
        ScanSession.Outcome o = run(both, null, new ScanSession.Decision(Severity.WARNING, 0, true),
                toStdout(ReportFormat.TEXT));
        assertThat(o.atThreshold()).isEqualTo(2);
        assertThat(o.overThreshold()).isTrue();
        assertThat(o.failsOnErrors()).isTrue();
        assertThat(o.verdict()).isEqualTo(ScanSession.Verdict.FINDINGS);
        assertThat(o.thresholdLabel()).isEqualTo("warning");
        assertThat(o.reportRef()).isEqualTo("the report");
        assertThat(o.written()).isEmpty();
        assertThat(stdout.toString(StandardCharsets.UTF_8)).contains("[IDEM001]").endsWith(o.summaryLine() + "\n");
        assertThat(o.analysisErrorMessage()).contains("idemcheck: 1 file could not be analysed; see the report");
        assertThat(seen).containsExactly(both);

        assertThat(run(both, null, new ScanSession.Decision(Severity.WARNING, 2, true), toStdout(ReportFormat.TEXT))
                .verdict()).isEqualTo(ScanSession.Verdict.ANALYSIS_ERRORS);
        assertThat(run(both, null, new ScanSession.Decision(null, 0, false), toStdout(ReportFormat.TEXT)))
                .satisfies(x -> {
                    assertThat(x.verdict()).isEqualTo(ScanSession.Verdict.PASS);
                    assertThat(x.atThreshold()).isZero();
                    assertThat(x.thresholdLabel()).isEqualTo("none");
                });
    }

    @Test
    void reportsGoToFilesInOrderAndTheFirstIsTheOneMessagesName() throws Exception {
        Path dir = tmp.resolve("target/idemcheck");
        ScanSession.Output out = new ScanSession.Output(List.of(
                new ScanSession.Report(ReportFormat.SARIF, dir.resolve("idemcheck.sarif")),
                new ScanSession.Report(ReportFormat.TEXT, dir.resolve("idemcheck.txt"))), null, false, null, tmp);
        ScanSession.Outcome o = run(ReportFixtures.clean(tmp), null, new ScanSession.Decision(Severity.NOTE, 0, true),
                out);
        assertThat(o.written()).containsExactly(dir.resolve("idemcheck.sarif"), dir.resolve("idemcheck.txt"));
        assertThat(o.reportRef()).isEqualTo("target/idemcheck/idemcheck.sarif");
        assertThat(Files.readString(dir.resolve("idemcheck.txt"))).startsWith("idemcheck: 5 files, 0 findings");
        assertThat(Files.readString(dir.resolve("idemcheck.sarif"))).contains("\"version\" : \"2.1.0\"");
        assertThat(o.verdict()).isEqualTo(ScanSession.Verdict.PASS);

        ScanSession.Outcome none = run(ReportFixtures.clean(tmp), null, new ScanSession.Decision(null, 0, true),
                new ScanSession.Output(List.of(), null, false, null, tmp));
        assertThat(none.reportRef()).isEqualTo("the log above");
    }

    @Test
    void updateWritesTheBaselineSaysSoAndAppliesIt() throws Exception {
        Path file = tmp.resolve("idemcheck-baseline.json");
        ScanResult r = ReportFixtures.of(tmp, List.of(ReportFixtures.sideEffect(), ReportFixtures.insert()), List.of());
        ScanSession.Outcome o = run(r, new ScanSession.Baselining(file, true, null),
                new ScanSession.Decision(Severity.WARNING, 0, true), toStdout(ReportFormat.JSON));
        assertThat(notices).containsExactly(
                "idemcheck: baseline idemcheck-baseline.json written: 2 findings accepted (2 new, 0 fixed and dropped)");
        assertThat(Baseline.read(file).size()).isEqualTo(2);
        assertThat(o.baselineUpdate().added()).hasSize(2);
        assertThat(o.result().findings()).isEmpty();
        assertThat(o.result().suppressed()).extracting(SuppressedFinding::kind)
                .containsOnly(SuppressedFinding.Kind.BASELINE);
        assertThat(o.result().suppressed()).extracting(SuppressedFinding::where)
                .containsOnly("idemcheck-baseline.json");
        assertThat(o.verdict()).isEqualTo(ScanSession.Verdict.PASS);

        // read back with a name of the shell's choosing; a new finding is not in it
        notices.clear();
        ScanResult more = ReportFixtures.of(tmp, List.of(ReportFixtures.sideEffect(), ReportFixtures.insert(),
                ReportFixtures.clock()), List.of());
        ScanSession.Outcome again = run(more, new ScanSession.Baselining(file, false, "base.json"),
                new ScanSession.Decision(Severity.NOTE, 0, true), toStdout(ReportFormat.JSON));
        assertThat(notices).isEmpty();
        assertThat(again.baselineUpdate()).isNull();
        assertThat(again.result().findings()).extracting(Finding::ruleId).containsExactly("IDEM003");
        assertThat(again.result().suppressed()).extracting(SuppressedFinding::where).containsOnly("base.json");
        assertThat(again.verdict()).isEqualTo(ScanSession.Verdict.FINDINGS);
    }

    @Test
    void keepDropsFindingsAfterTheBaseline() {
        ScanResult r = ReportFixtures.of(tmp, List.of(ReportFixtures.sideEffect(), ReportFixtures.insert()), List.of());
        ScanSession.Outcome o = new ScanSession(x -> r).run(new ScanSession.Settings(request(), null,
                f -> !f.ruleId().equals("IDEM002"), new ScanSession.Decision(Severity.ERROR, 0, true),
                toStdout(ReportFormat.TEXT)), null);
        assertThat(o.result().findings()).extracting(Finding::ruleId).containsExactly("IDEM001");
        assertThat(o.atThreshold()).isZero();
    }

    @Test
    void badFilesAndRejectedRequestsAreFailuresOfOneKind() throws Exception {
        ScanSession.Decision d = new ScanSession.Decision(Severity.WARNING, 0, true);
        List<ScanRequest> asked = new ArrayList<>();
        ScanSession session = new ScanSession(r -> {
            asked.add(r);
            return ReportFixtures.clean(tmp);
        });
        Path missing = tmp.resolve("none.json");
        assertThatThrownBy(() -> session.run(new ScanSession.Settings(request(),
                new ScanSession.Baselining(missing, false, null), null, d, toStdout(ReportFormat.TEXT)), null))
                .isInstanceOfSatisfying(ScanSession.Failure.class, f -> {
                    assertThat(f.kind()).isEqualTo(ScanSession.Failure.Kind.BASELINE_MISSING);
                    assertThat(f.file()).isEqualTo(missing);
                });
        assertThatThrownBy(() -> session.run(new ScanSession.Settings(request(),
                new ScanSession.Baselining(tmp, true, null), null, d, toStdout(ReportFormat.TEXT)), null))
                .isInstanceOfSatisfying(ScanSession.Failure.class,
                        f -> assertThat(f.kind()).isEqualTo(ScanSession.Failure.Kind.BASELINE_IS_DIRECTORY));
        Path notABaseline = Files.writeString(tmp.resolve("x.json"), "[1, 2]");
        assertThatThrownBy(() -> session.run(new ScanSession.Settings(request(),
                new ScanSession.Baselining(notABaseline, false, null), null, d, toStdout(ReportFormat.TEXT)), null))
                .isInstanceOfSatisfying(ScanSession.Failure.class, f -> {
                    assertThat(f.kind()).isEqualTo(ScanSession.Failure.Kind.BASELINE_UNREADABLE);
                    assertThat(f.getCause()).isInstanceOf(IllegalArgumentException.class);
                });
        assertThat(asked).as("the baseline is checked before the engine runs").isEmpty();

        Path plainFile = Files.writeString(tmp.resolve("plain"), "x");
        assertThatThrownBy(() -> session.run(new ScanSession.Settings(request(), null, null, d,
                new ScanSession.Output(List.of(new ScanSession.Report(ReportFormat.TEXT, plainFile.resolve("r.txt"))),
                        null, false, null, tmp)), null))
                .isInstanceOfSatisfying(ScanSession.Failure.class, f -> {
                    assertThat(f.kind()).isEqualTo(ScanSession.Failure.Kind.REPORT_DIRECTORY);
                    assertThat(f.file()).isEqualTo(plainFile);
                });

        ScanSession rejecting = new ScanSession(r -> {
            throw new IllegalArgumentException("path 'x' is outside the source root");
        });
        assertThatThrownBy(() -> rejecting.run(new ScanSession.Settings(request(), null, null, d,
                toStdout(ReportFormat.TEXT)), null))
                .isInstanceOfSatisfying(ScanSession.Failure.class, f -> {
                    assertThat(f.kind()).isEqualTo(ScanSession.Failure.Kind.REJECTED);
                    assertThat(f.getCause()).hasMessage("path 'x' is outside the source root");
                });
        assertThatThrownBy(() -> new ScanSession(r -> null).run(new ScanSession.Settings(request(), null, null, d,
                toStdout(ReportFormat.TEXT)), null)).isInstanceOf(IllegalStateException.class)
                .hasMessage("the engine returned no result");
    }

    @Test
    void thresholdNoneIsNull() {
        assertThat(ScanSession.parseThreshold(" None ")).isNull();
        assertThat(ScanSession.parseThreshold("WARNING")).isEqualTo(Severity.WARNING);
        assertThat(ScanSession.parseThreshold(" note")).isEqualTo(Severity.NOTE);
        assertThatThrownBy(() -> ScanSession.parseThreshold("bogus")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ScanSession.parseThreshold(null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void configIsTheExplicitFileElseFoundUpwardsElseNone() throws Exception {
        Path repo = Files.createDirectories(tmp.resolve("repo/.git")).getParent();
        Path src = Files.createDirectories(repo.resolve("src/main/java"));
        assertThat(ScanSession.loadConfig(null, src)).isSameAs(io.idemcheck.core.config.ProjectConfig.NONE);
        Files.writeString(repo.resolve("idemcheck.yml"), "exclude: [\"legacy/**\"]\n");
        assertThat(ScanSession.loadConfig(null, src).exclude()).extracting(Object::toString)
                .containsExactly("legacy/**");
        Path other = Files.writeString(tmp.resolve("other.yml"), "exclude: [\"gen/**\"]\n");
        assertThat(ScanSession.loadConfig(other, src).exclude()).extracting(Object::toString)
                .containsExactly("gen/**");
    }

    @Test
    void displayNameIsRelativeToTheFirstBaseHoldingTheFile() {
        Path f = tmp.resolve("a/b/c.json");
        assertThat(ScanSession.displayName(f, tmp.resolve("x"), tmp.resolve("a"))).isEqualTo("b/c.json");
        assertThat(ScanSession.displayName(f, tmp.resolve("a/b"), tmp)).isEqualTo("c.json");
        assertThat(ScanSession.displayName(f, tmp.resolve("x"))).isEqualTo(f.toString().replace('\\', '/'));
    }

    @Test
    void aNoteAboutTheCacheIsANoticeBesideTheReport() throws Exception {
        ScanResult r = ReportFixtures.of(tmp, List.of(), List.of(ReportFixtures.parseError(),
                io.idemcheck.core.cache.AnalysisCache.noteDiagnostic("analysis cache /c ignored: its data does not "
                        + "match its checksum (damaged); it is rebuilt")));
        Path report = tmp.resolve("out/report.json");
        run(r, null, new ScanSession.Decision(Severity.WARNING, 0, true), new ScanSession.Output(
                List.of(new ScanSession.Report(ReportFormat.JSON, report)), null, false, null, tmp));
        assertThat(notices).containsExactly("idemcheck: analysis cache /c ignored: its data does not match its "
                + "checksum (damaged); it is rebuilt");
        assertThat(Files.readString(report)).contains("analysis cache /c ignored"); // and in the report, as before
    }
}
