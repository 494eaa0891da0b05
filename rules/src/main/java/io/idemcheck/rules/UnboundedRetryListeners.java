package io.idemcheck.rules;

import io.idemcheck.core.catalog.Terms;
import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.facts.AnnotationFact;
import io.idemcheck.core.facts.Arg;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.NewFact;
import io.idemcheck.core.facts.Range;
import io.idemcheck.core.facts.TryFact;
import io.idemcheck.core.finding.Fix;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.model.Project;
import io.idemcheck.core.rule.MethodContext;
import io.idemcheck.core.springconfig.ConfigEntry;
import io.idemcheck.core.springconfig.ConfigFile;
import io.idemcheck.core.summary.Retries;
import io.idemcheck.core.summary.Semantics;

import java.util.List;
import java.util.regex.Pattern;

/**
 * IDEM006 detector: a Spring AMQP listener that can throw, left with the container's default
 * ({@code defaultRequeueRejected = true}): a message whose handling always fails is rejected, requeued and delivered
 * again at once, forever. Bounded when anything in the project takes the message out of that loop: the
 * {@code default-requeue-rejected} setting (any value: true is reported at the setting itself), the container's retry
 * enabled (Spring Boot recovers with RejectAndDontRequeueRecoverer after max-attempts), a retry advice, an error
 * handler or {@code setDefaultRequeueRejected} in code, {@code AmqpRejectAndDontRequeueException} anywhere, a
 * dead-letter exchange in the code or the configuration, or manual acknowledgement (the listener's own nack is read by
 * the put-back detector).
 */
final class UnboundedRetryListeners {

    private UnboundedRetryListeners() {
    }

    private static final Pattern RABBIT_REQUEUE = Pattern.compile(
            "spring\\.rabbitmq\\.listener\\.(simple|direct)\\.defaultrequeuerejected");

    /** Why the project's Rabbit listeners are not redelivered forever, or null when nothing bounds them. */
    static String projectBound(Project project) {
        Terms boundingCalls = project.semantics().catalog().terms(Vocabulary.REDELIVERY_BOUNDING_CALLS);
        Terms boundingTypes = project.semantics().catalog().terms(Vocabulary.REDELIVERY_BOUNDING_TYPES);
        List<ConfigFile> files = project.springConfig().files();
        for (ConfigFile f : files) {
            for (ConfigEntry e : f.entries()) {
                String k = e.canonicalKey();
                if (RABBIT_REQUEUE.matcher(k).matches()) {
                    return e.key() + " is set";
                }
                if (k.matches("spring\\.rabbitmq\\.listener\\.(simple|direct)\\.retry\\.enabled")
                        && e.value().strip().startsWith("true")) {
                    return e.key() + ": true";
                }
                if (k.matches("spring\\.rabbitmq\\.listener\\.(simple|direct)\\.acknowledgemode")) {
                    return e.key() + " is set";
                }
                if (k.endsWith("deadletterexchange") || k.endsWith("autobinddlq") || k.contains("xdeadletter")) {
                    return e.key();
                }
            }
        }
        for (MethodRef m : project.index().methods()) {
            if (m.file().test()) {
                continue;
            }
            for (CallSite c : m.method().body().calls()) {
                if (boundingCalls.has(c.name())) {
                    return c.text();
                }
                for (Arg a : c.args()) {
                    if (a.text().contains("x-dead-letter") || a.text().contains("AmqpRejectAndDontRequeueException")) {
                        return a.text();
                    }
                }
            }
            for (NewFact n : m.method().body().creations()) {
                if (boundingTypes.has(n.simpleName())) {
                    return n.text();
                }
            }
            for (TryFact t : m.method().body().tries()) {
                for (TryFact.Catch cc : t.catches()) {
                    if (cc.types().stream().anyMatch(boundingTypes::has)) {
                        return cc.types().toString();
                    }
                }
            }
        }
        return null;
    }

    static void checkRabbitListener(MethodContext mc, MethodRef m, String projectBound) {
        if (projectBound != null || !m.method().hasBody()) {
            return;
        }
        String why = Retries.listener(mc.project().catalog(), m);
        if (why == null || !why.startsWith("@RabbitListener")) {
            return;
        }
        AnnotationFact onMethod = m.method().annotation("RabbitListener") != null
                ? m.method().annotation("RabbitListener") : m.method().annotation("RabbitHandler");
        AnnotationFact listener = m.method().annotation("RabbitListener") != null
                ? m.method().annotation("RabbitListener") : m.type().annotation("RabbitListener");
        if (listener != null && (listener.values().containsKey("errorHandler")
                || String.valueOf(listener.values().get("ackMode")).toUpperCase().contains("MANUAL"))) {
            return;
        }
        if (m.method().params().stream().anyMatch(p -> p.type().simpleName().equals("Channel"))) {
            return; // manual acknowledgement: its basicNack/basicReject is read where it is written
        }
        String thrower = thrower(m);
        if (thrower == null) {
            return;
        }
        Range r = onMethod != null ? onMethod.range() : m.method().nameRange();
        mc.finding(Semantics.location(m, r, null))
                .message("The Rabbit listener " + m.method().name() + "() can throw (" + thrower + "), and nothing in "
                        + "the project changes Spring AMQP's default for a listener that throws: the message is "
                        + "rejected with requeue (defaultRequeueRejected = true), so the broker delivers it again at "
                        + "once. No retry limit, no dead-letter exchange, no AmqpRejectAndDontRequeueException: a "
                        + "message that always fails loops forever and holds its consumer.")
                .enclosing(m.type().fqn() + "#" + m.method().signature()).construct("@RabbitListener#requeue")
                .fix(Fix.of("Bound the redelivery: enable the container's retry (spring.rabbitmq.listener.simple.retry."
                        + "enabled: true, max-attempts: 3; after the last attempt the message is rejected without "
                        + "requeue) or set default-requeue-rejected: false, and declare the queue with "
                        + "x-dead-letter-exchange so rejected messages are kept for inspection. Throw "
                        + "AmqpRejectAndDontRequeueException for failures that will never succeed.", String.join("\n",
                        "spring:",
                        "  rabbitmq:",
                        "    listener:",
                        "      simple:",
                        "        default-requeue-rejected: false",
                        "        retry:",
                        "          enabled: true",
                        "          max-attempts: 3")))
                .report();
    }

    /** What in {@code m} can throw out of it (a call or a created exception outside a catch-all try), or null. */
    private static String thrower(MethodRef m) {
        List<TryFact> tries = m.method().body().tries();
        for (NewFact n : m.method().body().creations()) {
            if (n.simpleName().endsWith("Exception") && n.lambdaId() < 0 && !caughtAll(tries, n.range())) {
                return "`" + Retries.oneLine(n.text()) + "` at line " + n.range().line();
            }
        }
        for (CallSite c : m.method().body().calls()) {
            if (c.lambdaId() < 0 && c.catchDepth() == 0 && !caughtAll(tries, c.range())
                    && !c.receiver().text().toLowerCase().matches("(log|logger)")) {
                return Semantics.display(c) + " at line " + c.range().line();
            }
        }
        return null;
    }

    /** {@code r} is inside the try block of a try whose catch takes every exception and does not rethrow. */
    private static boolean caughtAll(List<TryFact> tries, Range r) {
        for (TryFact t : tries) {
            if (t.catches().isEmpty() || !inside(t.range(), r) || !before(r, t.catches().get(0).range())) {
                continue;
            }
            for (TryFact.Catch cc : t.catches()) {
                if (!cc.rethrows() && cc.types().stream().anyMatch(x -> x.equals("Exception") || x.equals("Throwable")
                        || x.equals("RuntimeException") || x.equals("java.lang.Exception"))) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean inside(Range outer, Range r) {
        return !before(r, outer) && !after(r, outer);
    }

    private static boolean before(Range r, Range outer) {
        return r.line() < outer.line() || r.line() == outer.line() && r.column() < outer.column();
    }

    private static boolean after(Range r, Range outer) {
        return r.line() > outer.endLine() || r.line() == outer.endLine() && r.column() > outer.endColumn();
    }
}
