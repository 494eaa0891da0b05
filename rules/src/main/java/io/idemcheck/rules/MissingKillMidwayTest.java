package io.idemcheck.rules;

import io.idemcheck.core.model.Project;
import io.idemcheck.core.finding.Fix;
import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.rule.Rule;
import io.idemcheck.core.rule.RuleContext;
import io.idemcheck.core.rule.RuleInfo;
import io.idemcheck.core.rule.RuleTrace;
import io.idemcheck.core.summary.JobShapes;
import io.idemcheck.core.summary.Semantics;
import io.idemcheck.core.summary.TestEvidence;
import io.idemcheck.rules.fix.Recipes;
import io.idemcheck.rules.fix.Templates;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * IDEM007: a job with the "effect, then record" shape has no test that kills it between the effect and the record,
 * runs it again and asserts that the effect happened once. Reported at the job entry point's name; when the scan has
 * no test sources at all, one note says the rule could not be checked.
 */
@RuleInfo(id = "IDEM007", name = "MissingKillMidwayTest",
        summary = "No test kills the job between its effect and its record and checks the effect ran once",
        severity = Severity.WARNING, tags = {"idempotency", "batch", "restart-safety", "testing"}, precision = "medium")
public final class MissingKillMidwayTest implements Rule {

    @Override
    public void check(RuleContext ctx) {
        Project project = ctx.project();
        Semantics sem = project.semantics();
        Map<MethodRef, List<JobShapes.Shape>> jobs = JobShapes.byEntryPoint(sem);
        if (jobs.isEmpty()) {
            return;
        }
        TestEvidence evidence = new TestEvidence(project.index());
        if (!evidence.anyTestSources()) {
            MethodRef first = jobs.keySet().iterator().next();
            List<String> names = new ArrayList<>();
            jobs.keySet().forEach(j -> names.add(j.type().simpleName() + "." + j.method().name() + "()"));
            ctx.couldNotCheck(Semantics.location(first, first.method().nameRange(), null),
                    "the scan includes no test sources, so whether a test kills the job between its effect and its "
                            + "record cannot be seen. " + names.size()
                            + (names.size() == 1 ? " job has" : " jobs have") + " the effect-then-record shape: "
                            + String.join(", ", names.subList(0, Math.min(5, names.size())))
                            + (names.size() > 5 ? " and " + (names.size() - 5) + " more" : "")
                            + ". Scan the test sources too (src/test/java).");
            return;
        }
        boolean runtimeInMain = runtimeInMainCode(project); // once per scan, not per job
        for (Map.Entry<MethodRef, List<JobShapes.Shape>> e : jobs.entrySet()) {
            ctx.onMethod(e.getKey(), () -> check(ctx, sem, evidence, e.getKey(), e.getValue(), runtimeInMain,
                    RuleTrace.OFF));
        }
    }

    @Override
    public void explain(RuleContext ctx, MethodRef m, RuleTrace trace) {
        Project project = ctx.project();
        Semantics sem = project.semantics();
        if (!MethodGates.mainCode(m, trace)) {
            return;
        }
        String subject = "the job " + m.type().simpleName() + "." + m.method().name() + "()";
        int line = m.method().nameRange().line();
        Map<MethodRef, List<JobShapes.Shape>> jobs = JobShapes.byEntryPoint(sem);
        String entry = sem.entryPoint(m);
        if (entry == null) {
            List<String> at = new ArrayList<>();
            for (Map.Entry<MethodRef, List<JobShapes.Shape>> e : jobs.entrySet()) {
                if (e.getValue().stream().anyMatch(s -> s.method().equals(m))) {
                    at.add(e.getKey().type().simpleName() + "." + e.getKey().method().name() + "()");
                }
            }
            trace.missing(0, "the method", "a job entry point: the rule reports at the entry point of a job"
                    + (at.isEmpty() ? "" : "; the effect-then-record shape in this method is checked at "
                    + String.join(", ", at)));
            return;
        }
        trace.held(line, subject, "a job entry point (" + entry + ")");
        List<JobShapes.Shape> shapes = jobs.get(m);
        if (shapes == null) {
            trace.missing(line, subject, "the effect-then-record shape: no effect followed by a record of the same "
                    + "item in the job or the methods it reaches");
            return;
        }
        JobShapes.Shape s = shapes.get(0);
        trace.held(line, subject, "the effect-then-record shape: " + s.effectName() + " at line "
                + s.effect().range().line() + " then " + s.recordName() + " at line " + s.record().range().line()
                + " in " + s.method().type().simpleName() + "." + s.method().method().name() + "()"
                + (shapes.size() > 1 ? " (and " + (shapes.size() - 1) + " more)" : ""));
        TestEvidence evidence = new TestEvidence(project.index());
        if (!evidence.anyTestSources()) {
            trace.missing(line, subject, "test sources in the scan: there are none, so the rule cannot be checked "
                    + "(one note says so instead of a finding)");
            return;
        }
        check(ctx, sem, evidence, m, shapes, runtimeInMainCode(project), trace);
    }

    private void check(RuleContext ctx, Semantics sem, TestEvidence ev, MethodRef job, List<JobShapes.Shape> shapes,
                       boolean runtimeInMain, RuleTrace trace) {
        int line = job.method().nameRange().line();
        String subject = trace.enabled() ? "the job " + job.type().simpleName() + "." + job.method().name() + "()"
                : null;
        Set<MethodRef> holders = new LinkedHashSet<>();
        shapes.forEach(s -> holders.add(s.method()));
        Map<String, List<String>> exercising = new LinkedHashMap<>();
        // the tests that run one of the holders, found backwards from the holders (not every test's reach per job)
        for (MethodRef t : ev.testsReaching(holders)) {
            MethodRef hit = null;
            for (MethodRef h : holders) {
                if (ev.reaches(t, h)) {
                    hit = h;
                    break;
                }
            }
            if (hit == null) {
                continue;
            }
            exercising.computeIfAbsent(t.type().simpleName(), k -> new ArrayList<>()).add(t.method().name());
            if (!ev.assertsCounts(t)) {
                continue;
            }
            if (ev.harnessCrash(t) != null) {
                trace.missing(line, subject, "no kill-midway test: " + t.type().simpleName() + "."
                        + t.method().name() + "() runs it, crashes it (" + ev.harnessCrash(t) + ") and asserts counts");
                return;
            }
            for (JobShapes.Shape s : shapes) {
                if (ev.recordFault(t, s.record().name()) != null && ev.runs(t, hit) >= 2) {
                    trace.missing(line, subject, "no kill-midway test: " + t.type().simpleName() + "."
                            + t.method().name() + "() makes " + s.recordName() + " fail ("
                            + ev.recordFault(t, s.record().name()) + "), runs the job again and asserts counts");
                    return;
                }
            }
        }
        if (trace.enabled()) {
            trace.held(line, subject, exercising.isEmpty() ? "no test runs the job"
                    : "no test that runs the job kills it between the effect and the record, runs it again and "
                    + "asserts counts (tests that run it: " + String.join(", ", exercising.keySet()) + ")");
        }
        JobShapes.Shape s = shapes.get(0);
        String between = s.effectName() + " and " + s.recordName();
        String jobName = job.type().simpleName() + "." + job.method().name() + "()";
        StringBuilder msg = new StringBuilder();
        msg.append(jobName).append(" runs ").append(s.effectName()).append(" before ").append(s.recordName())
                .append(" records the item (").append(s.method().type().simpleName()).append(".java line ")
                .append(s.effect().range().line()).append(" then line ").append(s.record().range().line())
                .append("), but no kill-midway test proves a restart is harmless: ");
        if (exercising.isEmpty()) {
            msg.append("no test runs this job at all.");
        } else {
            List<String> parts = new ArrayList<>();
            exercising.forEach((cls, ms) -> parts.add(cls + " (" + String.join(", ", ms) + ")"));
            msg.append(String.join("; ", parts)).append(ms(exercising)).append(" the job, but none kills it between ")
                    .append(between).append(", runs it again and asserts the effect happened once.");
        }
        boolean protectedShape = s.effectInfo().keyed() || sem.guardingClaim(s.method(), s.effect()) != null;
        if (protectedShape) {
            msg.append(" The key or claim around the effect is meant to make a restart harmless; only such a test "
                    + "shows that it does (a lease that never expires, a key that changes between runs, a record "
                    + "outside the fence all pass the success and failure tests).");
        } else {
            msg.append(" Success and failure tests both pass while, after a crash between the two steps, the next run ")
                    .append(s.effectInfo().effect().verb()).append(".");
        }
        String point = "after-" + s.effect().name();
        String template = String.join("\n",
                "// in " + s.method().type().simpleName() + "." + s.method().method().name() + "(): mark the window "
                        + "between the effect and the record (a no-op unless a crash test arms it)",
                s.effect().text().replace("\n", " ") + ";",
                "CrashPoints.hit(\"" + point + "\");",
                s.record().text().replace("\n", " ") + ";",
                "",
                "// src/test/java/" + job.type().fqn().replace('.', '/') + "KillMidwayTest.java (idemcheck-runtime-test):",
                Templates.killMidwayTest(job.type().fqn(), job.method().name(), s.effect().text(), s.record().text(),
                        point));
        Fix fix = Fix.of("Add the third test besides success and failure: kill the job between " + between
                + " (CrashPoints.hit(\"" + point + "\") in the code and @KillMidwayTest / KillMidwayHarness from "
                + "idemcheck-runtime-test, or a fake whose record step throws and a second run), restart it "
                + "and assert each item's effect happened exactly once. See docs/runtime-test.md.", template);
        boolean marked = s.method().method().body().calls().stream().anyMatch(c -> c.id() > s.effect().id()
                && c.id() < s.record().id() && c.name().equals("hit") && c.text().contains("CrashPoints"));
        if (!marked && runtimeInMain && !s.method().file().test()) {
            // safe only when the main code already compiles against the runtime library (CrashPoints is in it)
            fix = fix.withRecipe(Recipes.insertCrashPoint(Semantics.location(s.method(), s.record().range(), null),
                    s.record().name(), point));
        }
        ctx.finding(Semantics.location(job, job.method().nameRange(), null))
                .message(msg.toString())
                .enclosing(job.id()).construct(job.method().name())
                .related(Semantics.location(s.method(), s.effect().range(), s.effectName() + ": the effect"))
                .related(Semantics.location(s.method(), s.record().range(), s.recordName() + ": the record"))
                .fix(fix)
                .report();
        trace.fired(line, subject, "no kill-midway test covers " + between);
    }

    /** True when a main (non-test) source file imports from io.idemcheck.runtime, so CrashPoints compiles there. */
    private static boolean runtimeInMainCode(Project project) {
        for (io.idemcheck.core.facts.FileFacts f : project.files()) {
            if (f.test()) {
                continue;
            }
            if (f.imports().values().stream().anyMatch(MissingKillMidwayTest::isRuntime)
                    || f.wildcards().stream().anyMatch(MissingKillMidwayTest::isRuntime)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isRuntime(String name) {
        return name.startsWith("io.idemcheck.runtime") && !name.startsWith("io.idemcheck.runtime.test");
    }

    private static String ms(Map<String, List<String>> exercising) {
        int n = exercising.values().stream().mapToInt(List::size).sum();
        return n == 1 ? " runs" : " run";
    }
}
