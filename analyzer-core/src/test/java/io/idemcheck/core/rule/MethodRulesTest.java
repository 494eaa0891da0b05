package io.idemcheck.core.rule;

import io.idemcheck.core.config.ProjectConfig;
import io.idemcheck.core.engine.ScanFixture;
import io.idemcheck.core.engine.Analyzer;
import io.idemcheck.core.engine.ProgressListener;
import io.idemcheck.core.engine.ScanRequest;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.finding.Diagnostic;
import io.idemcheck.core.finding.Finding;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.model.Project;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link MethodRules}, the engine's driver of {@link MethodRule}s: it hands the rule every method it accepts (main
 * code with a body by default) with that method's facts, reports the findings in method order whatever the number of
 * threads, contains a method that throws to that method, and gives {@link MethodRule#afterMethods} what the methods
 * collected, in method order; {@link MethodRule#explain} runs the same check with a trace and reports nothing.
 */
class MethodRulesTest {

    @TempDir
    Path tmp;

    static final String JOB = """
            package com.acme;
            public class Job {
                private Gateway gateway;
                public void first(long id) {
                    gateway.chargeCard(id);
                    gateway.chargeCard(id + 1);
                }
                public void second(long id) {
                    gateway.notify(id);
                }
                public void boom(long id) {
                    gateway.chargeCard(id);
                }
                public void third(long id) {
                    gateway.chargeCard(id);
                }
            }
            interface Gateway {
                void chargeCard(long id);
                void notify(long id);
            }
            """;

    static final String TEST = """
            package com.acme;
            public class JobTest {
                private Gateway gateway;
                public void aTest() {
                    gateway.chargeCard(1);
                }
            }
            """;

    /** Reports each effect call; fails on method boom() after its first finding; collects each method's name. */
    @RuleInfo(id = "TEST01", name = "EachEffect", summary = "each effect", severity = Severity.WARNING)
    static final class EachEffect implements MethodRule {
        final List<String> after = new ArrayList<>();

        @Override
        public void checkMethod(MethodContext mc) {
            mc.collect(mc.method().method().name());
            for (CallSite c : mc.calls()) {
                if (mc.call(c).info().isEffect()) {
                    mc.trace().held(c.range().line(), c.name(), "an effect (" + mc.call(c).info().effect().kind()
                            + ")");
                    mc.finding(mc.location(c.range(), null)).message(c.name() + " in " + mc.method().method().name())
                            .enclosing(mc.enclosing()).construct(c.text()).report();
                    if (mc.method().method().name().equals("boom")) {
                        throw new IllegalStateException("boom");
                    }
                }
            }
        }

        @Override
        public void afterMethods(RuleContext ctx, List<Object> collected) {
            collected.forEach(o -> after.add((String) o));
        }
    }

    Project project;

    @BeforeEach
    void scan() throws Exception {
        project = ScanFixture.project(tmp, "src/main/java/com/acme/Job.java", JOB,
                "src/test/java/com/acme/JobTest.java", TEST);
    }

    private record Run(List<Finding> findings, List<Diagnostic> diagnostics, List<String> collected) {
    }

    private Run drive(int threads) {
        EachEffect rule = new EachEffect();
        List<Finding> findings = new ArrayList<>();
        List<Diagnostic> diagnostics = new ArrayList<>();
        MethodRules.drive(rule, new RuleContext(rule.info(), project, findings::add, diagnostics::add), threads);
        return new Run(findings, diagnostics, rule.after);
    }

    @Test
    void findingsComeInMethodOrderWithTheSameFingerprintsOnOneThreadOrFour() {
        Run one = drive(1);
        // notify() is no effect: second() is checked (see the collected names) and reports nothing
        assertThat(one.findings()).extracting(Finding::message).containsExactly("chargeCard in first",
                "chargeCard in first", "chargeCard in boom", "chargeCard in third");
        assertThat(one.findings()).extracting(Finding::enclosing).startsWith("com.acme.Job#first(long)");
        assertThat(one.findings().get(0).fingerprint()).isNotEqualTo(one.findings().get(1).fingerprint());
        for (int i = 0; i < 5; i++) {
            assertThat(drive(4).findings()).isEqualTo(one.findings());
        }
    }

    @Test
    void testCodeAndMethodsWithoutABodyAreNotHandedToTheRule() {
        Run run = drive(1);
        assertThat(run.collected()).containsExactly("first", "second", "boom", "third");
        assertThat(run.findings()).extracting(f -> f.primary().path()).allMatch(p -> p.contains("src/main/"));
    }

    @Test
    void aMethodThatThrowsIsOneInternalErrorAndTheOthersStand() {
        Run run = drive(2);
        assertThat(run.diagnostics()).hasSize(1);
        Diagnostic d = run.diagnostics().get(0);
        assertThat(d.kind()).isEqualTo(Diagnostic.Kind.INTERNAL_ERROR);
        assertThat(d.ruleId()).isEqualTo("TEST01");
        assertThat(d.method()).isEqualTo("com.acme.Job#boom(long)");
        assertThat(d.message()).contains("rule TEST01 EachEffect failed on com.acme.Job#boom(long)")
                .contains("IllegalStateException: boom").contains("this method was not checked by it");
        assertThat(run.findings()).extracting(Finding::message).contains("chargeCard in boom", "chargeCard in third");
    }

    @Test
    void afterMethodsGetsWhatEachMethodCollectedInMethodOrder() {
        assertThat(drive(4).collected()).containsExactly("first", "second", "boom", "third");
    }

    @Test
    void explainRunsTheSameCheckWithATraceAndReportsNothing() {
        EachEffect rule = new EachEffect();
        List<Finding> findings = new ArrayList<>();
        RuleContext ctx = new RuleContext(rule.info(), project, findings::add);
        MethodRef first = project.index().methods().stream().filter(m -> m.method().name().equals("first"))
                .findFirst().orElseThrow();
        RuleTrace trace = RuleTrace.recording();
        rule.explain(ctx, first, trace);
        assertThat(trace.steps()).extracting(RuleTrace.Step::text)
                .containsExactly("an effect (payment)", "an effect (payment)");
        assertThat(findings).isEmpty();
        MethodRef aTest = project.index().methods().stream().filter(m -> m.method().name().equals("aTest"))
                .findFirst().orElseThrow();
        RuleTrace gated = RuleTrace.recording();
        rule.explain(ctx, aTest, gated);
        assertThat(gated.steps()).extracting(RuleTrace.Step::text)
                .containsExactly("main code: test code is not checked");
    }

    @Test
    void theEngineDrivesAMethodRuleThroughAScan() throws Exception {
        EachEffect rule = new EachEffect();
        ScanResult r = new Analyzer().scan(new ScanRequest(List.of(tmp), tmp, 2, RuleRegistry.of(List.of(rule)),
                ProgressListener.NONE, ProjectConfig.NONE));
        assertThat(r.findings()).extracting(Finding::ruleId).containsOnly("TEST01");
        assertThat(r.findings()).hasSize(4);
        assertThat(r.diagnostics()).filteredOn(d -> d.kind() == Diagnostic.Kind.INTERNAL_ERROR).hasSize(1);
    }

    /** Reports every effect call once per place name: the first method (in index order) that reaches it keeps it. */
    @RuleInfo(id = "TEST03", name = "OncePerName", summary = "once per name", severity = Severity.WARNING)
    static final class OncePerName implements MethodRule {
        @Override
        public void checkMethod(MethodContext mc) {
            for (CallSite c : mc.calls()) {
                if (mc.call(c).info().isEffect() && !mc.method().method().name().equals("boom")) {
                    mc.finding(mc.location(c.range(), null)).once(c.name())
                            .message(c.name() + " in " + mc.method().method().name())
                            .enclosing(mc.enclosing()).construct(c.text()).report();
                }
            }
        }
    }

    @Test
    void aFindingWithTheKeyOfAnEarlierOneIsDroppedInMethodOrderOnAnyNumberOfThreads() {
        for (int threads : new int[] {1, 4, 4, 4}) {
            OncePerName rule = new OncePerName();
            List<Finding> findings = new ArrayList<>();
            MethodRules.drive(rule, new RuleContext(rule.info(), project, findings::add), threads);
            // first() reports chargeCard twice: only its first call is kept; third() is dropped for first()'s
            assertThat(findings).extracting(Finding::message).containsExactly("chargeCard in first");
            assertThat(findings.get(0).primary().startLine()).isEqualTo(5);
        }
    }

    /** Records the thread and order it checks methods in, and counts scan states made. */
    @RuleInfo(id = "TEST02", name = "InOrder", summary = "in order", severity = Severity.WARNING)
    static final class InOrder implements MethodRule {
        final List<String> order = java.util.Collections.synchronizedList(new ArrayList<>());
        final java.util.Set<Thread> threads = java.util.concurrent.ConcurrentHashMap.newKeySet();
        final java.util.concurrent.atomic.AtomicInteger states = new java.util.concurrent.atomic.AtomicInteger();

        @Override
        public boolean inOrder() {
            return true;
        }

        @Override
        public void checkMethod(MethodContext mc) {
            List<String> seen = mc.rule().state(() -> {
                states.incrementAndGet();
                return new ArrayList<String>();
            });
            seen.add(mc.method().method().name());
            order.add(mc.method().method().name());
            threads.add(Thread.currentThread());
        }

        @Override
        public void afterMethods(RuleContext ctx, List<Object> collected) {
            List<String> seen = ctx.state(ArrayList::new);
            order.add("after:" + String.join(",", seen));
        }
    }

    @Test
    void anInOrderRuleIsCheckedOnTheCallingThreadInIndexOrderAndKeepsOneStatePerScan() {
        InOrder rule = new InOrder();
        MethodRules.drive(rule, new RuleContext(rule.info(), project, f -> { }), 4);
        assertThat(rule.order).containsExactly("first", "second", "boom", "third", "after:first,second,boom,third");
        assertThat(rule.threads).containsExactly(Thread.currentThread());
        assertThat(rule.states.get()).isEqualTo(1);
        // another scan (another context) starts from a state of its own
        MethodRules.drive(rule, new RuleContext(rule.info(), project, f -> { }), 1);
        assertThat(rule.states.get()).isEqualTo(2);
    }
}
