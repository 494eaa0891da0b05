package io.idemcheck.cli;

import io.idemcheck.core.engine.Analyzer;
import io.idemcheck.core.finding.Location;
import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.rule.Rule;
import io.idemcheck.core.rule.RuleContext;
import io.idemcheck.core.rule.RuleInfo;
import io.idemcheck.core.rule.RuleRegistry;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 14's "done when": with every rule registered plus a test-only rule forced to throw on one method, the scan
 * still reports that rule's findings on the other methods, stderr names the failure in one line, and the scan exits 5
 * when no finding reaches the threshold (0 with --no-fail-on-error, 4 when a finding does).
 */
class InternalErrorExitTest {

    @TempDir
    Path tmp;

    /** A note on every method of class Job; a NullPointerException on Job.boom(). */
    @RuleInfo(id = "IDEM990", name = "ThrowsOnBoom", summary = "test rule", severity = Severity.NOTE)
    static final class ThrowsOnBoom implements Rule {
        @Override
        public void check(RuleContext ctx) {
            ctx.forEachMethod(ctx.project().index().methods(), m -> {
                if (m.method().name().equals("boom")) {
                    throw new NullPointerException("forced by the test");
                }
                int line = m.method().range().line();
                ctx.finding(new Location(m.file().relPath(), line, 5, line, 10, null))
                        .message("checked " + m.method().name()).construct(m.id()).report();
            });
        }
    }

    record Run(int code, String out, String err) {
    }

    @BeforeEach
    void project() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("src/main/java/com/acme"));
        Files.writeString(dir.resolve("Job.java"), """
                package com.acme;
                public class Job {
                    public void first() { }
                    public void boom() { }
                    public void last() { }
                }
                """);
    }

    private Run scan(String... extra) {
        List<Rule> rules = new ArrayList<>(RuleRegistry.load().rules());
        assertThat(rules).hasSizeGreaterThanOrEqualTo(12);
        rules.add(new ThrowsOnBoom());
        List<String> args = new ArrayList<>(List.of("scan", tmp.toString(), "--source-root", tmp.toString()));
        args.addAll(List.of(extra));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new IdemcheckCli(r -> new Analyzer().scan(r), () -> RuleRegistry.of(rules),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                false).run(args.toArray(String[]::new));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aRuleFailingOnOneMethodExits5AndSaysSoInOneStderrLine() {
        Run r = scan();
        assertThat(r.code()).isEqualTo(ExitCode.NOT_ANALYSED);
        assertThat(r.err().lines().toList())
                .containsExactly("idemcheck: 1 internal error in 1 method (IDEM990); details in the report");
        assertThat(r.out()).contains("src/main/java/com/acme/Job.java:3:5: note: [IDEM990] checked first")
                .contains("src/main/java/com/acme/Job.java:5:5: note: [IDEM990] checked last")
                .doesNotContain("checked boom")
                .contains("rule IDEM990 ThrowsOnBoom failed on com.acme.Job#boom() (src/main/java/com/acme/Job.java:4): "
                        + "java.lang.NullPointerException: forced by the test");
    }

    @Test
    void noFailOnErrorExits0ButStillPrintsTheLine() {
        Run r = scan("--no-fail-on-error");
        assertThat(r.code()).isEqualTo(ExitCode.OK);
        assertThat(r.err()).contains("idemcheck: 1 internal error in 1 method (IDEM990)");
    }

    @Test
    void aFindingAtTheThresholdWinsWith4AndTheLineNamesTheReportFile() {
        Path report = tmp.resolve("out/report.sarif");
        Run r = scan("--fail-on", "note", "--format", "sarif", "--output", report.toString());
        assertThat(r.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(r.err().strip()).startsWith("idemcheck: 1 internal error in 1 method (IDEM990); details in ")
                .endsWith("report.sarif");
    }
}
