package io.idemcheck.rules;

import io.idemcheck.core.engine.Analyzer;
import io.idemcheck.core.engine.ProgressListener;
import io.idemcheck.core.engine.ScanRequest;
import io.idemcheck.core.finding.Diagnostic;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.rule.RuleRegistry;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A scan holds test files under {@code src/test/} back until IDEM007's test evidence names them
 * ({@code HeldTests}); a caller that looks at the project model ({@code explain}) gets every file parsed. Both must
 * give the same findings.
 */
class HeldTestFilesTest {

    private static final Path CASES = Path.of("src/test/resources/rules");

    /**
     * Every rule case with test sources, scanned with every rule: the findings (messages, locations, related
     * locations, fixes) are the same whether the test files were held back or all parsed at once.
     */
    @TestFactory
    Stream<DynamicTest> everyCaseWithTestSourcesGivesTheSameFindingsHeldOrParsed() throws IOException {
        List<Path> cases = new ArrayList<>();
        try (Stream<Path> rules = Files.list(CASES)) {
            for (Path rule : rules.sorted().toList()) {
                try (Stream<Path> s = Files.list(rule)) {
                    s.filter(Files::isDirectory).filter(HeldTestFilesTest::hasTestSources).sorted().forEach(cases::add);
                }
            }
        }
        assertThat(cases).hasSizeGreaterThan(40);
        return cases.stream().map(c -> DynamicTest.dynamicTest(CASES.relativize(c).toString(), () -> {
            ScanResult held = new Analyzer().scan(request(c));
            ScanResult parsed = new Analyzer().scan(request(c), p -> { });
            assertThat(held.findings()).isEqualTo(parsed.findings());
            assertThat(parsed.stats().unparsedTestFiles()).isZero();
        }));
    }

    /**
     * The test that crashes the job names only a helper in another test file, which names the job: the helper is
     * parsed because it names the job, the test because it names the helper, so IDEM007 sees the kill-midway test
     * and stays silent. A test file naming neither is never parsed: its syntax error is not reported, and it is
     * counted in {@code unparsedTestFiles}.
     */
    @Test
    void aTestReachingTheJobThroughAHelperIsParsedAndAnUnrelatedOneIsNot(@TempDir Path dir) throws IOException {
        Path c = CASES.resolve("MissingKillMidwayTest/Neg24_CrashTestThroughAHelperInAnotherTestFile");
        copy(c, dir);
        write(dir.resolve("src/test/java/demo/UnrelatedTest.java"), "package demo;\n\nclass UnrelatedTest {\n"
                + "    void adds() {\n        int x = 1 +;\n    }\n}\n");
        ScanResult held = new Analyzer().scan(request(dir));
        assertThat(held.findings()).noneMatch(f -> f.ruleId().equals("IDEM007"));
        assertThat(held.stats().testFiles()).isEqualTo(3);
        assertThat(held.stats().unparsedTestFiles()).isEqualTo(1);
        assertThat(held.stats().parsedFiles()).isEqualTo(3); // Job, JobFixture, RestartAfterCrashTest
        assertThat(held.diagnostics()).noneMatch(d -> d.kind() == Diagnostic.Kind.PARSE_ERROR);

        ScanResult parsed = new Analyzer().scan(request(dir), p -> { });
        assertThat(parsed.findings()).isEqualTo(held.findings());
        assertThat(parsed.diagnostics()).anyMatch(d -> d.kind() == Diagnostic.Kind.PARSE_ERROR
                && d.path().endsWith("UnrelatedTest.java"));
    }

    /**
     * A test's mapper SQL is no input: a statement the SQL parser cannot read in test code gives no diagnostic, whether
     * the test file was parsed or held back (the held-or-parsed review found the SQL_UNPARSED notes differed).
     */
    @Test
    void aTestMappersSqlGivesTheSameDiagnosticsHeldOrParsed(@TempDir Path dir) throws IOException {
        copy(CASES.resolve("MissingKillMidwayTest/Neg24_CrashTestThroughAHelperInAnotherTestFile"), dir);
        write(dir.resolve("src/test/java/demo/FixtureMapper.java"), "package demo;\n\n"
                + "import org.apache.ibatis.annotations.Select;\n\ninterface FixtureMapper {\n"
                + "    @Select(\"SELEC garbage FROM WHERE\")\n    java.util.List<Long> ids();\n}\n");
        ScanResult held = new Analyzer().scan(request(dir));
        ScanResult parsed = new Analyzer().scan(request(dir), p -> { });
        assertThat(parsed.stats().unparsedTestFiles()).isZero();
        assertThat(held.diagnostics()).isEqualTo(parsed.diagnostics());
        assertThat(parsed.diagnostics()).noneMatch(d -> d.kind() == Diagnostic.Kind.SQL_UNPARSED);
        assertThat(held.findings()).isEqualTo(parsed.findings());
    }

    /**
     * Without the helper, the test that crashes the job names nothing it runs: IDEM007 reports no test runs it. The
     * test is parsed all the same, as the first held file: no other test file was parsed, and whether the scan has
     * test sources at all is whether one parses.
     */
    @Test
    void withoutTheHelperNoTestRunsTheJob(@TempDir Path dir) throws IOException {
        copy(CASES.resolve("MissingKillMidwayTest/Neg24_CrashTestThroughAHelperInAnotherTestFile"), dir);
        Files.delete(dir.resolve("src/test/java/demo/JobFixture.java"));
        write(dir.resolve("src/test/java/demo/UnrelatedTest.java"), "package demo;\n\nclass UnrelatedTest {\n}\n");
        ScanResult held = new Analyzer().scan(request(dir));
        assertThat(held.findings()).filteredOn(f -> f.ruleId().equals("IDEM007")).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("no test runs this job at all"));
        assertThat(held.stats().unparsedTestFiles()).isEqualTo(1); // UnrelatedTest, after RestartAfterCrashTest
    }

    /**
     * When the only test file does not parse, the scan has no test sources, held or parsed: IDEM007 says once that
     * it could not check the job instead of reporting that no test runs it (a held file is parsed until one parses).
     */
    @Test
    void aScanWhoseOnlyTestFileDoesNotParseHasNoTestSources(@TempDir Path dir) throws IOException {
        copy(CASES.resolve("MissingKillMidwayTest/Neg24_CrashTestThroughAHelperInAnotherTestFile"), dir);
        Files.delete(dir.resolve("src/test/java/demo/JobFixture.java"));
        write(dir.resolve("src/test/java/demo/RestartAfterCrashTest.java"), "package demo;\n\nclass "
                + "RestartAfterCrashTest {\n    void adds() {\n        int x = 1 +;\n    }\n}\n");
        ScanResult held = new Analyzer().scan(request(dir));
        ScanResult parsed = new Analyzer().scan(request(dir), p -> { });
        assertThat(parsed.findings()).noneMatch(f -> f.ruleId().equals("IDEM007"));
        assertThat(held.findings()).isEqualTo(parsed.findings());
        assertThat(held.diagnostics()).anyMatch(d -> d.kind() == Diagnostic.Kind.PARSE_ERROR
                && d.path().endsWith("RestartAfterCrashTest.java"));
        assertThat(held.stats().unparsedTestFiles()).isZero();
    }

    /**
     * A test file that names a job but does not parse is reported as before (it was needed), and one holding the
     * suppression word is parsed with the main code, whatever it names.
     */
    @Test
    void aNeededTestFileThatDoesNotParseIsReportedAndOneWithTheSuppressionWordIsNeverHeld(@TempDir Path dir)
            throws IOException {
        copy(CASES.resolve("MissingKillMidwayTest/Neg24_CrashTestThroughAHelperInAnotherTestFile"), dir);
        write(dir.resolve("src/test/java/demo/BrokenJobTest.java"), "package demo;\n\nclass BrokenJobTest {\n"
                + "    void runs() {\n        new Job(null, null).run(;\n    }\n}\n");
        write(dir.resolve("src/test/java/demo/MarkedTest.java"), "package demo;\n\n// idemcheck: a word\n"
                + "class MarkedTest {\n}\n");
        ScanResult held = new Analyzer().scan(request(dir));
        assertThat(held.diagnostics()).anyMatch(d -> d.kind() == Diagnostic.Kind.PARSE_ERROR
                && d.path().endsWith("BrokenJobTest.java") && d.line() == 5);
        assertThat(held.stats().unparsedTestFiles()).isZero();
        assertThat(held.findings()).isEqualTo(new Analyzer().scan(request(dir), p -> { }).findings());
    }

    private static ScanRequest request(Path root) {
        return new ScanRequest(List.of(root), root, 1, RuleRegistry.load(), ProgressListener.NONE);
    }

    private static boolean hasTestSources(Path caseDir) {
        try (Stream<Path> s = Files.walk(caseDir)) {
            return s.anyMatch(p -> p.toString().endsWith(".java")
                    && ("/" + caseDir.relativize(p).toString().replace('\\', '/')).contains("/src/test/"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t);
                }
            }
        }
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
