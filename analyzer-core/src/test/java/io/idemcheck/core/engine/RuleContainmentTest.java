package io.idemcheck.core.engine;

import io.idemcheck.core.finding.Diagnostic;
import io.idemcheck.core.finding.Finding;
import io.idemcheck.core.finding.Location;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.rule.Rule;
import io.idemcheck.core.rule.RuleContext;
import io.idemcheck.core.rule.RuleInfo;
import io.idemcheck.core.rule.RuleRegistry;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A rule that throws on one method loses that method only: its findings on the other methods stand, the other rules
 * run, and the failure is one deduplicated INTERNAL_ERROR naming the rule, the method (file:line) and the exception.
 */
class RuleContainmentTest {

    @TempDir
    Path tmp;

    static final String JOB = """
            package com.acme;
            public class Job {
                public void first() { }
                public void boom() { }
                public void deep() { }
                public void last() { }
            }
            """;

    static final String OTHER = """
            package com.acme;
            class Other {
                void other() { }
            }
            """;

    @BeforeEach
    void sources() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("src/main/java/com/acme"));
        Files.writeString(dir.resolve("Job.java"), JOB);
        Files.writeString(dir.resolve("Other.java"), OTHER);
    }

    static Location at(MethodRef m) {
        return new Location(m.file().relPath(), m.method().range().line(), 1, m.method().range().line(), 2, null);
    }

    /** Reports every method; throws a NullPointerException on boom() (twice) and overflows the stack on deep(). */
    @RuleInfo(id = "IDEM990", name = "ThrowsOnSomeMethods", summary = "test rule", severity = Severity.WARNING)
    static final class ThrowsOnSomeMethods implements Rule {
        @Override
        public void check(RuleContext ctx) {
            List<MethodRef> methods = ctx.project().index().methods();
            ctx.forEachMethod(methods, m -> {
                failOnBoom(m);
                if (m.method().name().equals("deep")) {
                    recurse(1);
                }
                ctx.finding(at(m)).message("seen " + m.method().name()).construct(m.id()).report();
            });
            // the same failure met again in a second pass is reported once
            MethodRef boom = methods.stream().filter(m -> m.method().name().equals("boom")).findFirst().orElseThrow();
            assertThat(ctx.onMethod(boom, () -> failOnBoom(boom))).isFalse();
        }

        private static void failOnBoom(MethodRef m) {
            if (m.method().name().equals("boom")) {
                String s = null;
                s.length();
            }
        }

        private static int recurse(int n) {
            return recurse(n + 1) + 1;
        }
    }

    /** Fails outside any one method: the engine contains it for this rule only. */
    @RuleInfo(id = "IDEM991", name = "FailsAsAWhole", summary = "test rule", severity = Severity.WARNING)
    static final class FailsAsAWhole implements Rule {
        @Override
        public void check(RuleContext ctx) {
            throw new IllegalStateException("whole-rule failure\nsecond line");
        }
    }

    /** Reports every method. */
    @RuleInfo(id = "IDEM992", name = "Healthy", summary = "test rule", severity = Severity.NOTE)
    static final class Healthy implements Rule {
        @Override
        public void check(RuleContext ctx) {
            ctx.forEachMethod(ctx.project().index().methods(),
                    m -> ctx.finding(at(m)).message("ok").construct(m.id()).report());
        }
    }

    private ScanResult scan() {
        return new Analyzer().scan(new ScanRequest(List.of(tmp), tmp, 1,
                RuleRegistry.of(List.of(new ThrowsOnSomeMethods(), new FailsAsAWhole(), new Healthy())),
                ProgressListener.NONE));
    }

    @Test
    void aRuleThatThrowsOnOneMethodStillReportsTheOthers() {
        ScanResult r = scan();
        assertThat(r.findings()).filteredOn(f -> f.ruleId().equals("IDEM990")).extracting(Finding::message)
                .containsExactlyInAnyOrder("seen first", "seen last", "seen other");
        assertThat(r.findings()).filteredOn(f -> f.ruleId().equals("IDEM992")).hasSize(5);
    }

    @Test
    void eachFailureIsOneDiagnosticNamingRuleMethodPlaceAndException() {
        ScanResult r = scan();
        List<Diagnostic> errors = r.internalErrors();
        assertThat(errors).hasSize(3);

        Diagnostic boom = errors.stream().filter(d -> "com.acme.Job#boom()".equals(d.method())).findFirst().orElseThrow();
        assertThat(boom.ruleId()).isEqualTo("IDEM990");
        assertThat(boom.path()).isEqualTo("src/main/java/com/acme/Job.java");
        assertThat(boom.line()).isEqualTo(4);
        assertThat(boom.message()).startsWith("rule IDEM990 ThrowsOnSomeMethods failed on com.acme.Job#boom() "
                        + "(src/main/java/com/acme/Job.java:4): java.lang.NullPointerException")
                .contains(" at io.idemcheck.core.engine.RuleContainmentTest$ThrowsOnSomeMethods")
                .endsWith("; this method was not checked by it");

        Diagnostic deep = errors.stream().filter(d -> "com.acme.Job#deep()".equals(d.method())).findFirst().orElseThrow();
        assertThat(deep.line()).isEqualTo(5);
        assertThat(deep.message()).contains("java.lang.StackOverflowError");

        Diagnostic whole = errors.stream().filter(d -> "IDEM991".equals(d.ruleId())).findFirst().orElseThrow();
        assertThat(whole.method()).isNull();
        assertThat(whole.path()).isNull();
        assertThat(whole.message()).startsWith("rule IDEM991 FailsAsAWhole failed: java.lang.IllegalStateException: "
                + "whole-rule failure at ").doesNotContain("second line").endsWith("; the rule's remaining work was lost");

        assertThat(r.internalErrorSummary()).contains("3 internal errors in 2 methods and 1 whole rule (IDEM990, IDEM991)");
        assertThat(r.hasAnalysisErrors()).isTrue();
    }

    @Test
    void noInternalErrorMeansNoSummary() {
        ScanResult r = new Analyzer().scan(new ScanRequest(List.of(tmp), tmp, 1, RuleRegistry.of(List.of(new Healthy())),
                ProgressListener.NONE));
        assertThat(r.internalErrors()).isEmpty();
        assertThat(r.internalErrorSummary()).isEmpty();
    }
}
