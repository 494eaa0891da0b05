package io.idemcheck.core.explain;

import io.idemcheck.core.config.ProjectConfig;
import io.idemcheck.core.engine.ScanFixture;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.rule.Rule;
import io.idemcheck.core.rule.RuleContext;
import io.idemcheck.core.rule.RuleInfo;
import io.idemcheck.core.rule.RuleTrace;
import io.idemcheck.core.summary.Semantics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The explainer over a real scan, with small rules of its own: method choice, verdicts, traces, errors. */
class ExplainerTest {

    /** Reports every call named charge; explains each call it looks at. */
    @RuleInfo(id = "IDEM901", name = "ChargeCalls", summary = "charge calls", severity = Severity.WARNING)
    static final class ChargeCalls implements Rule {
        @Override
        public void check(RuleContext ctx) {
            for (MethodRef m : ctx.project().index().methods()) {
                if (m.method().hasBody()) {
                    run(ctx, m, RuleTrace.OFF);
                }
            }
        }

        @Override
        public void explain(RuleContext ctx, MethodRef m, RuleTrace trace) {
            run(ctx, m, trace);
        }

        private void run(RuleContext ctx, MethodRef m, RuleTrace trace) {
            for (CallSite c : m.method().body().calls()) {
                if (trace.require(c.name().equals("charge"), c.range().line(), Semantics.display(c),
                        "a call named charge")) {
                    ctx.finding(Semantics.location(m, c.range(), null)).message("charge here")
                            .enclosing(m.id()).construct(c.text()).report();
                    trace.fired(c.range().line(), Semantics.display(c), "charge");
                }
            }
        }
    }

    /** Never reports; has no account of its conditions. */
    @RuleInfo(id = "IDEM902", name = "Silent", summary = "silent", severity = Severity.NOTE)
    static final class Silent implements Rule {
        @Override
        public void check(RuleContext ctx) {
        }
    }

    /** Throws while explaining. */
    @RuleInfo(id = "IDEM903", name = "Broken", summary = "broken", severity = Severity.NOTE)
    static final class Broken implements Rule {
        @Override
        public void check(RuleContext ctx) {
        }

        @Override
        public void explain(RuleContext ctx, MethodRef m, RuleTrace trace) {
            throw new IllegalStateException("boom");
        }
    }

    static final String JOB = """
            package com.acme;
            import org.springframework.scheduling.annotation.Scheduled;
            public class Job {
                private Gateway gateway;
                @Scheduled(fixedDelay = 1000)
                public void run() {
                    step(1L);
                    Runnable r = new Runnable() {
                        public void run() {
                            gateway.charge(2L);
                        }
                    };
                }
                void step(long id) {
                    gateway.charge(id); // idemcheck:ignore IDEM901 -- the gateway dedupes on id
                    gateway.ping();
                }
            }
            interface Gateway { void charge(long id); void ping(); }
            """;

    @TempDir
    Path tmp;

    private Explainer explainer(String config) throws Exception {
        ScanFixture.write(tmp, "src/main/java/com/acme/Job.java", JOB, "src/main/java/com/acme/Empty.java",
                "package com.acme;\n\ninterface Empty {\n}\n");
        ProjectConfig cfg = ScanFixture.config(tmp, config);
        List<Rule> rules = List.of(new ChargeCalls(), new Silent(), new Broken());
        ScanFixture.Scanned s = ScanFixture.scan(tmp, cfg, rules);
        return new Explainer(s.project(), s.result(), rules, cfg);
    }

    private Path job() {
        return tmp.resolve("src/main/java/com/acme/Job.java");
    }

    @Test
    void aLineInsideAnAnonymousClassExplainsTheInnermostMethodOnly() throws Exception {
        Explanation e = explainer(null).explain(job(), 10, tmp);
        assertThat(e.methods()).singleElement().satisfies(m -> {
            assertThat(m.startLine()).isEqualTo(9);
            assertThat(m.name()).isEqualTo("Job$1.run()");
            Explanation.RuleVerdict v = m.rules().get(0);
            assertThat(v.status()).isEqualTo("fired");
            assertThat(v.findings()).singleElement().satisfies(f -> assertThat(f.line()).isEqualTo(10));
            assertThat(v.steps()).extracting(Explanation.Step::kind).containsExactly("held", "fired");
        });
    }

    @Test
    void verdictsSayFiredSuppressedNotFiredOffAndWhatWasMissing() throws Exception {
        Explanation e = explainer("rules:\n  IDEM902: off\n").explain(job(), null, tmp);
        assertThat(e.file()).isEqualTo("src/main/java/com/acme/Job.java");
        assertThat(e.line()).isNull();
        assertThat(e.methods()).extracting(Explanation.Method::startLine).containsExactly(5, 9, 14, 19, 19);
        Explanation.Method outer = e.methods().get(0);
        assertThat(outer.runs().entryPoint()).isEqualTo("@Scheduled");
        Explanation.RuleVerdict charge = outer.rules().get(0);
        assertThat(charge.status()).isEqualTo("not-fired");
        assertThat(charge.missing()).containsExactly("step() (line 7): a call named charge");
        assertThat(outer.rules().get(1).status()).isEqualTo("off");
        assertThat(outer.rules().get(1).steps()).isEmpty();
        Explanation.RuleVerdict broken = outer.rules().get(2);
        assertThat(broken.status()).isEqualTo("not-fired");
        assertThat(broken.steps()).singleElement().satisfies(s -> assertThat(s.text())
                .isEqualTo("failed while explaining this method: IllegalStateException: boom"));

        Explanation.Method step = e.methods().get(2);
        assertThat(step.runs().entryPoint()).isNull();
        assertThat(step.runs().reachable()).isTrue();
        assertThat(step.runs().chain()).extracting(Explanation.Hop::line).containsExactly(6, 7);
        assertThat(step.runs().chain().get(1).label()).isEqualTo("Job.run(): step() calls Job.step()");
        Explanation.RuleVerdict suppressed = step.rules().get(0);
        assertThat(suppressed.status()).isEqualTo("suppressed");
        assertThat(suppressed.findings()).isEmpty();
        assertThat(suppressed.suppressed()).singleElement().satisfies(f -> {
            assertThat(f.line()).isEqualTo(15);
            assertThat(f.justification()).startsWith("comment: the gateway dedupes on id");
        });
        assertThat(suppressed.missing()).containsExactly("gateway.ping() (line 16): a call named charge");
    }

    @Test
    void aLineOutsideEveryMethodAndAFileWithoutMethodsAreErrorsThatSaySo() throws Exception {
        Explainer x = explainer(null);
        assertThatThrownBy(() -> x.explain(job(), 2, tmp)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no method encloses line 2 of 'src/main/java/com/acme/Job.java' (methods: Job.run() "
                        + "lines 5-13, Job$1.run() lines 9-11, Job.step() lines 14-17, Gateway.charge() lines 19-19, "
                        + "Gateway.ping() lines 19-19)");
        assertThatThrownBy(() -> x.explain(tmp.resolve("src/main/java/com/acme/Empty.java"), null, tmp))
                .hasMessage("'src/main/java/com/acme/Empty.java' declares no method");
        assertThatThrownBy(() -> x.explain(tmp.resolve("src/main/java/com/acme/Empty.java"), 3, tmp))
                .hasMessage("no method encloses line 3 of 'src/main/java/com/acme/Empty.java' (the file declares no "
                        + "method)");
        Path other = Files.writeString(tmp.resolve("Other.java"), "class Other {}\n");
        assertThatThrownBy(() -> x.explain(other, 1, tmp)).hasMessage("'Other.java' was not analysed: it is not "
                + "among the scanned sources (excluded by idemcheck.yml, or outside the project)");
    }

    @Test
    void theTextAndJsonWritersShowTheSameVerdicts() throws Exception {
        Explanation e = explainer(null).explain(job(), 15, tmp);
        StringWriter text = new StringWriter();
        new ExplainTextWriter().write(e, text);
        assertThat(text.toString()).contains("Job.step()   lines 14-17   com.acme.Job#step(long)",
                "runs unattended: reachable from a job entry point:",
                "IDEM901 ChargeCalls: fired, but suppressed",
                "MISSING gateway.ping() (line 16): a call named charge",
                "IDEM902 Silent: not fired  (the rule gives no account of its conditions)");
        StringWriter json = new StringWriter();
        new ExplainJsonWriter().write(e, json);
        assertThat(json.toString()).contains("\"status\" : \"suppressed\"", "\"schemaVersion\" : 1");
    }
}
