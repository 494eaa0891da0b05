package io.idemcheck.rules;

import io.idemcheck.core.model.Project;
import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.rule.Rule;
import io.idemcheck.core.rule.RuleContext;
import io.idemcheck.core.rule.RuleInfo;
import io.idemcheck.core.summary.Semantics;

import java.util.Set;

/**
 * IDEM006: a retry with no ceiling. A {@code while (true)} / {@code for (;;)} loop or a recursion that catches a
 * failure and tries again with no attempt counter and no time bound; a catch block or failure handler that puts the
 * item back (status back to PENDING/RETRY/..., re-enqueue, nack with requeue) without reading and bounding a retry
 * count; a dead-letter queue drained and replayed with no replay count; a retry library configured without a limit (in Java or in {@code application*.yml|yaml|properties}). One
 * permanently failing item is then retried forever and floods the queue.
 */
@RuleInfo(id = "IDEM006", name = "UnboundedRetry",
        summary = "A retry has no ceiling, so one permanently failing item is retried forever",
        severity = Severity.WARNING, tags = {"retry", "dead-letter", "batch"}, precision = "medium")
public final class UnboundedRetry implements Rule {

    @Override
    public void check(RuleContext ctx) {
        Project project = ctx.project();
        Semantics sem = project.semantics();
        Set<String> boundedTables = UnboundedRetryPutBack.boundedTables(sem);
        String rabbitBound = UnboundedRetryListeners.projectBound(project);
        Set<String> eventOnly = java.util.concurrent.ConcurrentHashMap.newKeySet();
        ctx.forEachMethod(project.index().methods(), m -> {
            if (m.file().test()) {
                return;
            }
            UnboundedRetryLibraries.checkLibraryAnnotation(ctx, m);
            UnboundedRetryListeners.checkRabbitListener(ctx, m, rabbitBound);
            if (!m.method().hasBody() || m.method().body().calls().isEmpty()
                    && m.method().body().creations().isEmpty()) {
                return;
            }
            UnboundedRetryLoops.checkLoops(ctx, m);
            UnboundedRetryLoops.checkRecursion(ctx, sem, m);
            UnboundedRetryPutBack.checkPutBack(ctx, sem, m, boundedTables);
            UnboundedRetryDeadLetters.checkReplay(ctx, sem, m);
            UnboundedRetryImplicit.checkEventOnlyFailure(ctx, sem, m, eventOnly);
            UnboundedRetryImplicit.checkResetSweep(ctx, sem, m, boundedTables, eventOnly);
            UnboundedRetryLibraries.checkLibraryCode(ctx, m);
        });
        UnboundedRetryConfig.checkConfigFiles(ctx, project);
    }
}
