package io.idemcheck.rules;

import io.idemcheck.core.model.Project;
import io.idemcheck.core.finding.Finding;
import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.rule.MethodContext;
import io.idemcheck.core.rule.MethodRule;
import io.idemcheck.core.rule.MethodRules;
import io.idemcheck.core.rule.RuleContext;
import io.idemcheck.core.rule.RuleInfo;
import io.idemcheck.core.rule.RuleTrace;
import io.idemcheck.core.summary.Retries;
import io.idemcheck.core.summary.Semantics;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * IDEM006: a retry with no ceiling. A {@code while (true)} / {@code for (;;)} loop or a recursion that catches a
 * failure and tries again with no attempt counter and no time bound; a catch block or failure handler that puts the
 * item back (status back to PENDING/RETRY/..., re-enqueue, nack with requeue) without reading and bounding a retry
 * count; rows selected by state whose failure path leaves them selected (a catch that only logs or writes no state,
 * a sweep re-sending failed rows) with no retry ceiling or age cutoff in the selection; a retry library configured
 * without a limit (in Java or in {@code application*.yml|yaml|properties}). One permanently failing item is then
 * retried forever and floods the queue.
 */
@RuleInfo(id = "IDEM006", name = "UnboundedRetry",
        summary = "A retry has no ceiling, so one permanently failing item is retried forever",
        severity = Severity.WARNING, tags = {"retry", "dead-letter", "batch"}, precision = "medium")
public final class UnboundedRetry implements MethodRule {

    /**
     * What the detectors share over one scan: the tables whose retries some statement bounds and the project's
     * RabbitMQ retry bound.
     */
    private record Pass(Set<String> boundedTables, String rabbitBound) {
    }

    /**
     * The {@link io.idemcheck.core.rule.RuleContext.FindingBuilder#once} key of a location reported by the event-only,
     * selected-rows or reset-sweep detectors: the first method (in index order) that reports it keeps it.
     */
    static String eventOnly(String location) {
        return "event-only " + location;
    }

    /** The {@code once} key of a location reported by the ack or re-send detectors (see {@link #eventOnly}). */
    static String unacked(String location) {
        return "unacked " + location;
    }

    /** Main code, with or without a body (the annotation and listener detectors read declarations). */
    @Override
    public boolean accepts(MethodRef m, RuleTrace trace) {
        return MethodGates.mainCode(m, trace);
    }

    /** Runs every detector on the method, with the scan's {@link Pass}. */
    @Override
    public void checkMethod(MethodContext mc) {
        Pass pass = mc.rule().state(() -> pass(mc.project()));
        checkMethod(mc, pass, (what, detector) -> detector.run());
    }

    /** The retry limits of the configuration files, checked per file once every method was checked. */
    @Override
    public void afterMethods(RuleContext ctx, List<Object> collected) {
        UnboundedRetryConfig.checkConfigFiles(ctx, ctx.project());
    }

    /** What the annotation detector looks for, as explain names it. */
    private static final String ANNOTATION_STEP = "a retry annotation (@Retryable, Resilience4j @Retry) without a "
            + "limit";

    private static Pass pass(Project project) {
        return new Pass(UnboundedRetryPutBack.boundedTables(project.semantics()),
                UnboundedRetryListeners.projectBound(project));
    }

    /**
     * Runs every detector on the method; {@code step} runs each one, given what it looks for. The put-back detector
     * writes its conditions to an enabled trace. A location two detectors of the same group reach is reported once
     * in the method (the sets below); across methods, by the first in index order (their findings' {@code once}
     * keys), so methods can be checked in any order and on several threads.
     */
    private static void checkMethod(MethodContext mc, Pass pass, BiConsumer<String, Runnable> step) {
        Set<String> eventOnly = new java.util.HashSet<>();
        Set<String> unacked = new java.util.HashSet<>();
        MethodRef m = mc.method();
        Semantics sem = mc.semantics();
        RuleTrace trace = mc.trace();
        step.accept(ANNOTATION_STEP,
                () -> UnboundedRetryLibraries.checkLibraryAnnotation(mc, m));
        step.accept("a @RabbitListener redelivered without a bound (the project configures no retry limit)",
                () -> UnboundedRetryListeners.checkRabbitListener(mc, m, pass.rabbitBound()));
        if (!m.method().hasBody() || m.method().body().calls().isEmpty()
                && m.method().body().creations().isEmpty()) {
            return;
        }
        step.accept("a while (true) / for (;;) loop that catches a failure and tries again with no attempt counter "
                + "or time bound", () -> UnboundedRetryLoops.checkLoops(mc, m));
        step.accept("a recursion from a catch block with no attempt counter",
                () -> UnboundedRetryLoops.checkRecursion(mc, sem, m));
        step.accept("a put-back (status back to a waiting state, re-enqueue, nack with requeue) in a catch block or "
                + "failure handler, with no retry count bounded first or no dead-letter path at the bound",
                () -> UnboundedRetryPutBack.checkPutBack(mc, sem, m, pass.boundedTables(), trace));
        step.accept("a dead-letter replay (a loop receiving from a dead-letter queue and sending back) with no "
                + "delivery count bounded", () -> UnboundedRetryDeadLetters.checkReplay(mc, sem, m));
        step.accept("a failure path that writes only an event or log row, leaving the item to be selected again",
                () -> UnboundedRetryImplicit.checkEventOnlyFailure(mc, sem, m, eventOnly));
        step.accept("a loop over rows selected by state whose failure path leaves the row selected (it only logs, "
                + "writes no state, or writes the failed state a re-send sweep reads) with no retry ceiling or age "
                + "cutoff",
                () -> UnboundedRetrySelected.checkSelectedRows(mc, sem, m, eventOnly));
        step.accept("a message acknowledged only when its work succeeds, the failure swallowed without an ack, a "
                + "reject or a dead-letter, and no delivery count read",
                () -> UnboundedRetryUnacked.checkAckOnSuccessOnly(mc, sem, m, unacked));
        step.accept("an unattended loop that sends again every entry of a store kept until acknowledged (an "
                + "in-memory map, rows selected as not acknowledged, the files of a spool directory), dropping one "
                + "only on its ack or success and reading no attempt count or age",
                () -> UnboundedRetryResend.checkResendLoop(mc, sem, m, unacked));
        step.accept("an unattended sweep that puts failed rows back with no retry count",
                () -> UnboundedRetryImplicit.checkResetSweep(mc, sem, m, pass.boundedTables(), eventOnly));
        step.accept("a retry library configured in code (RetryTemplate, Resilience4j, Kafka) without a limit",
                () -> UnboundedRetryLibraries.checkLibraryCode(mc, m));
    }

    @Override
    public void explain(RuleContext ctx, MethodRef m, RuleTrace trace) {
        if (m.file().test()) {
            trace.missing(0, "the method", "main code: this is test code");
            return;
        }
        // a detector may report in another method than the one it checks, and one method's finding may keep another
        // from reporting (the event-only failure): run the whole pass, recording which detector reported each finding
        Project project = ctx.project();
        List<Finding> found = new ArrayList<>();
        Map<Finding, String> byDetector = new IdentityHashMap<>();
        RuleContext collecting = new RuleContext(info(), project, found::add, d -> { });
        Pass pass = pass(project);
        List<String> lookedFor = new ArrayList<>();
        collecting.forEachMethod(project.index().methods(), o -> {
            if (!accepts(o, RuleTrace.OFF)) {
                return;
            }
            checkMethod(MethodRules.reporting(collecting, o, o.equals(m) ? trace : RuleTrace.OFF), pass,
                    (what, detector) -> {
                        int before = found.size();
                        detector.run();
                        for (Finding f : found.subList(before, found.size())) {
                            byDetector.put(f, what);
                        }
                        if (o.equals(m)) {
                            lookedFor.add(what);
                        }
                    });
        });
        Set<String> fired = new java.util.HashSet<>();
        for (Finding f : found) {
            // the finding belongs to m as explain sees it: its enclosing element is m, or it is located in m
            if (m.id().equals(f.enclosing()) || f.primary().path().equals(m.file().relPath())
                    && f.primary().startLine() >= m.method().range().line()
                    && f.primary().startLine() <= m.method().range().endLine()) {
                trace.fired(f.primary().startLine(), "the method", "found " + byDetector.get(f));
                fired.add(byDetector.get(f));
            }
        }
        if (lookedFor.isEmpty()) {
            trace.missing(0, "the method", "a body with calls: the retry detectors that read code have none to read");
        }
        Retries.RetryableAnnotation retryable = Retries.retryable(m);
        for (String what : lookedFor) {
            if (!fired.isEmpty()) {
                continue;
            }
            if (what.equals(ANNOTATION_STEP) && retryable != null && !retryable.unbounded()) {
                trace.missing(retryable.annotation().range().line(), "the method", what + ": the annotation is "
                        + "there, but its limit bounds it (" + (retryable.limit() == null ? "the default of "
                        + (retryable.springCore() ? "3 retries" : "3 attempts") : retryable.limitMember() + " = "
                        + retryable.limit()) + ")");
            } else {
                trace.missing(0, "the method", what + ": none here");
            }
        }
        trace.note(0, "the project", "retry limits in application*.yml|yaml|properties are checked per file, not "
                + "per method");
    }
}
