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
        Map<MethodRef, List<JobShapes.Shape>> jobs = KillWindows.innermost(sem, JobShapes.byEntryPoint(sem));
        Map<MethodRef, KillWindows.Unacked> unacked = KillWindows.unacked(sem, jobs.keySet());
        if (jobs.isEmpty() && unacked.isEmpty()) {
            return;
        }
        Set<MethodRef> targets = new LinkedHashSet<>(unacked.keySet());
        List<String> steps = new ArrayList<>();
        jobs.values().forEach(shapes -> addTargets(shapes, targets, steps));
        TestEvidence evidence = project.testEvidence(targets, steps);
        if (!evidence.anyTestSources()) {
            List<MethodRef> all = new ArrayList<>(jobs.keySet());
            all.addAll(unacked.keySet());
            MethodRef first = all.get(0);
            List<String> names = new ArrayList<>();
            all.forEach(j -> names.add(j.type().simpleName() + "." + j.method().name() + "()"));
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
        for (Map.Entry<MethodRef, KillWindows.Unacked> e : unacked.entrySet()) {
            ctx.onMethod(e.getKey(), () -> checkUnacked(ctx, evidence, e.getKey(), e.getValue(), RuleTrace.OFF));
        }
    }

    @Override
    public void explain(RuleContext ctx, MethodRef m, RuleTrace trace) {
        Project project = ctx.project();
        Semantics sem = project.semantics();
        if (!MethodGates.mainCode(m, trace)) {
            return;
        }
        String subject = "the job " + jobName(m);
        int line = m.method().nameRange().line();
        Map<MethodRef, List<JobShapes.Shape>> all = JobShapes.byEntryPoint(sem);
        Map<MethodRef, List<JobShapes.Shape>> jobs = KillWindows.innermost(sem, all);
        String entry = sem.entryPoint(m);
        if (entry == null) {
            entry = sem.redelivered(m); // a handler acknowledged on return is a consumer entry of its own
        }
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
        if (shapes == null && all.containsKey(m)) {
            JobShapes.Shape s = all.get(m).get(0);
            trace.missing(line, subject, "a shape of its own: " + s.effectName() + " then " + s.recordName() + " in "
                    + s.method().type().simpleName() + "." + s.method().method().name() + "() is reached through "
                    + "another job entry point, where it is reported");
            return;
        }
        if (shapes == null) {
            KillWindows.Unacked u = KillWindows.unacked(sem, m, Set.of());
            if (u == null) {
                String why = sem.redelivered(m);
                trace.missing(line, subject, "the effect-then-record shape: no effect followed by a record of the "
                        + "same item in the job or the methods it reaches" + (why == null ? ""
                        : "; nor an unprotected external effect left unrecorded before the delivery is acknowledged ("
                        + why + ")"));
                return;
            }
            TestEvidence evidence = project.testEvidence(Set.of(m), List.of());
            if (!evidence.anyTestSources()) {
                trace.missing(line, subject, "test sources in the scan: there are none, so the rule cannot be "
                        + "checked (one note says so instead of a finding)");
                return;
            }
            trace.held(line, subject, "an effect before the acknowledgement: " + u.effectName() + " at line "
                    + u.effect().range().line() + " is recorded nowhere, and " + u.why());
            checkUnacked(ctx, evidence, m, u, trace);
            return;
        }
        JobShapes.Shape s = shapes.get(0);
        trace.held(line, subject, "the effect-then-record shape: " + s.effectName() + " at line "
                + s.effect().range().line() + " then " + s.recordName() + " at line " + s.record().range().line()
                + " in " + s.method().type().simpleName() + "." + s.method().method().name() + "()"
                + (shapes.size() > 1 ? " (and " + (shapes.size() - 1) + " more)" : ""));
        Set<MethodRef> targets = new LinkedHashSet<>();
        List<String> steps = new ArrayList<>();
        addTargets(shapes, targets, steps);
        TestEvidence evidence = project.testEvidence(targets, steps);
        if (!evidence.anyTestSources()) {
            trace.missing(line, subject, "test sources in the scan: there are none, so the rule cannot be checked "
                    + "(one note says so instead of a finding)");
            return;
        }
        check(ctx, sem, evidence, m, shapes, runtimeInMainCode(project), trace);
    }

    /**
     * What {@link #check} asks the test evidence about for one job: the methods holding its shapes (the targets) and
     * the record steps a test's fake may make fail (the words).
     */
    private static void addTargets(List<JobShapes.Shape> shapes, Set<MethodRef> targets, List<String> steps) {
        for (JobShapes.Shape s : shapes) {
            targets.add(s.method());
            for (String step : KillWindows.stepsAfterEffect(s)) {
                if (!steps.contains(step)) {
                    steps.add(step);
                }
            }
        }
    }

    private void check(RuleContext ctx, Semantics sem, TestEvidence ev, MethodRef job, List<JobShapes.Shape> shapes,
                       boolean runtimeInMain, RuleTrace trace) {
        int line = job.method().nameRange().line();
        String subject = trace.enabled() ? "the job " + jobName(job) : null;
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
                for (String step : KillWindows.stepsAfterEffect(s)) {
                    String fault = ev.recordFault(t, step);
                    if (fault != null && ev.runs(t, hit) >= 2) {
                        trace.missing(line, subject, "no kill-midway test: " + t.type().simpleName() + "."
                                + t.method().name() + "() makes " + step + "() fail after the effect (" + fault
                                + "), runs the job again and asserts counts");
                        return;
                    }
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
        String jobName = jobName(job);
        StringBuilder msg = new StringBuilder();
        boolean atCommit = s.record().id() < s.effect().id();
        if (atCommit) {
            msg.append(jobName).append(" runs ").append(s.effectName()).append(" before the transaction commits the ")
                    .append("status set by ").append(s.recordName()).append(" (").append(fileName(s.method()))
                    .append(" line ").append(s.effect().range().line()).append(", status set at line ")
                    .append(s.record().range().line()).append(" on a managed entity), but no kill-midway test proves ")
                    .append("a restart is harmless: ");
        } else {
            msg.append(jobName).append(" runs ").append(s.effectName()).append(" before ").append(s.recordName())
                    .append(" records the item (").append(fileName(s.method())).append(" line ")
                    .append(s.effect().range().line()).append(" then line ").append(s.record().range().line())
                    .append("), but no kill-midway test proves a restart is harmless: ");
        }
        if (exercising.isEmpty()) {
            msg.append(sem.redelivered(job) == null && !String.valueOf(sem.entryPoint(job)).contains("HTTP")
                    ? "no test runs this job at all."
                    : "no test runs this job through calls (a test through HTTP, MockMvc or a broker is not followed).");
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
        if (!marked && !atCommit && runtimeInMain && !s.method().file().test()) {
            // safe only when the main code already compiles against the runtime library (CrashPoints is in it)
            fix = fix.withRecipe(Recipes.insertCrashPoint(Semantics.location(s.method(), s.record().range(), null),
                    s.record().name(), point));
        }
        var finding = ctx.finding(Semantics.location(job, job.method().nameRange(), null))
                .message(msg.toString())
                .enclosing(job.id()).construct(job.method().name());
        io.idemcheck.core.finding.Location registered = sem.entryRegistration(job);
        if (registered != null) {
            finding.related(registered); // the @PostConstruct scheduleAtFixedRate(this::run, ..) that starts it
        }
        for (io.idemcheck.core.finding.Location hop : KillWindows.pathTo(sem, job, s.method())) {
            finding.related(hop);
        }
        if (!s.method().equals(job)) {
            finding.related(Semantics.location(s.method(), s.method().method().nameRange(),
                    s.method().type().simpleName() + "." + s.method().method().name() + "(): the effect, then the "
                            + "record"));
        }
        finding.related(Semantics.location(s.method(), s.effect().range(), s.effectName() + ": the effect"))
                .related(Semantics.location(s.method(), s.record().range(), s.recordName() + ": the record"))
                .fix(fix)
                .report();
        trace.fired(line, subject, "no kill-midway test covers " + between);
    }

    /**
     * A redelivered entry (a listener, a persistent bus's handler, a webhook, a job executor that fails over) whose
     * unprotected external effect is recorded nowhere before the delivery is acknowledged on return: a crash after
     * the effect delivers the same message again. A kill-midway test for it crashes it through the harness, or
     * delivers the same message twice and asserts counts (a crash before the acknowledgement is exactly a second
     * delivery).
     */
    private void checkUnacked(RuleContext ctx, TestEvidence ev, MethodRef job, KillWindows.Unacked u, RuleTrace trace) {
        int line = job.method().nameRange().line();
        String subject = trace.enabled() ? "the job " + jobName(job) : null;
        Map<String, List<String>> exercising = new LinkedHashMap<>();
        for (MethodRef t : ev.testsReaching(Set.of(job))) {
            if (!ev.reaches(t, job)) {
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
            if (ev.runs(t, job) >= 2) {
                trace.missing(line, subject, "no kill-midway test: " + t.type().simpleName() + "."
                        + t.method().name() + "() delivers to it twice and asserts counts (a crash before the "
                        + "acknowledgement is a second delivery of the same message)");
                return;
            }
        }
        if (trace.enabled()) {
            trace.held(line, subject, exercising.isEmpty() ? "no test runs the job"
                    : "no test that runs the job delivers the same message twice (or crashes it) and asserts counts "
                    + "(tests that run it: " + String.join(", ", exercising.keySet()) + ")");
        }
        String jobName = jobName(job);
        StringBuilder msg = new StringBuilder();
        msg.append(jobName).append(" runs ").append(u.effectName()).append(" (line ").append(u.effect().range().line())
                .append(") and records it nowhere before the delivery is acknowledged (").append(u.why())
                .append("), but no kill-midway test proves a redelivery is harmless: ");
        if (exercising.isEmpty()) {
            msg.append("no test runs it through calls (a test through HTTP, MockMvc or a broker is not followed).");
        } else {
            List<String> parts = new ArrayList<>();
            exercising.forEach((cls, ms) -> parts.add(cls + " (" + String.join(", ", ms) + ")"));
            msg.append(String.join("; ", parts)).append(ms(exercising)).append(" it, but none delivers the same ")
                    .append("message twice or crashes it after the effect and asserts the effect happened once.");
        }
        msg.append(" After a crash between the effect and the acknowledgement, the next delivery ")
                .append(u.info().effect().verb()).append(".");
        Fix fix = Fix.of("Add the test that matters besides success and failure: deliver the same message twice (a "
                + "crash after " + u.effectName() + " and before the acknowledgement is exactly that), or crash it "
                + "with @KillMidwayTest / KillMidwayHarness from idemcheck-runtime-test, and assert the effect "
                + "happened once. See docs/runtime-test.md.", String.join("\n",
                "// " + job.type().simpleName() + "Test: a crash between the effect and the acknowledgement is a "
                        + "second delivery of the same message",
                "handler." + job.method().name() + "(message);",
                "handler." + job.method().name() + "(message); // delivered again",
                "// assert the effect of " + u.effectName() + " happened once, e.g. verify(client, times(1)).."));
        var finding = ctx.finding(Semantics.location(job, job.method().nameRange(), null))
                .message(msg.toString())
                .enclosing(job.id()).construct(job.method().name())
                .related(Semantics.location(job, u.effect().range(), u.effectName() + ": the effect"));
        for (io.idemcheck.core.finding.Location hop : u.info().effect().hops()) {
            finding.related(hop);
        }
        finding.fix(fix).report();
        trace.fired(line, subject, "no kill-midway test covers " + u.effectName() + " before the acknowledgement");
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

    /**
     * "Type.method()" of a job as a reader finds it: an anonymous class ({@code new NotificationQueueHandler() {..}})
     * is named after the class that writes it ("PushNotificationRetryService (anonymous class).handle..()").
     */
    static String jobName(MethodRef job) {
        String type = job.type().simpleName();
        if (!type.isEmpty() && type.chars().allMatch(Character::isDigit)) {
            String[] parts = job.type().fqn().split("[.$]");
            String outer = parts.length >= 2 ? parts[parts.length - 2] : type;
            type = outer + " (anonymous class)";
        }
        return type + "." + job.method().name() + "()";
    }

    private static String ms(Map<String, List<String>> exercising) {
        int n = exercising.values().stream().mapToInt(List::size).sum();
        return n == 1 ? " runs" : " run";
    }

    /** The name of the file holding {@code m} ("PayJob.java"; for a nested or anonymous class, its outer file's). */
    private static String fileName(MethodRef m) {
        String p = m.file().relPath();
        return p.substring(p.lastIndexOf('/') + 1);
    }
}
