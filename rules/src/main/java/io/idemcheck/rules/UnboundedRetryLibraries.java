package io.idemcheck.rules;

import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.facts.AnnotationFact;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.NewFact;
import io.idemcheck.core.facts.Receiver;
import io.idemcheck.core.finding.Fix;
import io.idemcheck.core.finding.Location;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.rule.MethodContext;
import io.idemcheck.core.summary.Retries;
import io.idemcheck.core.summary.Semantics;
import io.idemcheck.rules.fix.Templates;

import java.util.List;

/** IDEM006 detectors: retry libraries configured in Java without a limit (Spring Retry, Resilience4j, Kafka, Feign). */
final class UnboundedRetryLibraries {

    private UnboundedRetryLibraries() {
    }

    static void checkLibraryAnnotation(MethodContext mc, MethodRef m) {
        if (m.method().annotation("Retryable") == null) {
            return;
        }
        Retries.RetryableAnnotation ra = Retries.retryable(m);
        if (ra == null || !ra.unbounded()) {
            return;
        }
        AnnotationFact a = ra.annotation();
        String lib = ra.springCore() ? "Spring Framework's core @Retryable" : "Spring Retry's @Retryable";
        String msg = lib + " on " + m.method().name() + "() sets " + ra.limitMember() + " = " + ra.limit()
                + ": no ceiling. A call that always fails is retried forever and the item never reaches a recover or "
                + "dead-letter path.";
        mc.finding(Semantics.location(m, a.range(), null)).message(msg)
                .enclosing(m.type().fqn() + "#" + m.method().signature()).construct("@Retryable")
                .fix(Fix.of("Set a finite limit (" + ra.limitMember() + " = " + (ra.springCore() ? "4" : "5")
                        + ", or leave the default of 3) and handle exhaustion (a @Recover method that records the "
                        + "item as FAILED/DEAD and alerts).", Templates.boundedRetrySetting("//",
                        "@Retryable(" + ra.limitMember() + " = " + ra.limit() + ")", "@Retryable(" + ra.limitMember() + " = " + (ra.springCore() ? "4" : "5") + ")\n"
                                + "public .. " + m.method().name() + "(..)\n\n@Recover\npublic .. recover(Exception e, ..) {"
                                + "\n    // record the item as FAILED/DEAD (taskClaimer.fail(claim, e)) and alert\n}",
                        "the @Recover method records the item as FAILED/DEAD")))
                .report();
    }

    static void checkLibraryCode(MethodContext mc, MethodRef m) {
        List<CallSite> calls = m.method().body().calls();
        String enclosing = m.type().fqn() + "#" + m.method().signature();
        for (NewFact n : m.method().body().creations()) {
            String s = n.simpleName();
            String why = null;
            String fix = null;
            String bounded = null;
            if (s.equals("AlwaysRetryPolicy")) {
                why = "`" + Retries.oneLine(n.text()) + "` retries every failure forever";
                fix = "Use a SimpleRetryPolicy with a finite maxAttempts (RetryTemplate.builder().maxAttempts(5)) and "
                        + "a RecoveryCallback that records the item as FAILED/DEAD.";
                bounded = "RetryTemplate retryTemplate = RetryTemplate.builder().maxAttempts(5).build();";
            } else if ((s.equals("SimpleRetryPolicy") || s.equals("MaxAttemptsRetryPolicy")) && !n.args().isEmpty()
                    && Retries.isUnboundedValue(n.args().get(0))) {
                why = "`" + Retries.oneLine(n.text()) + "` allows " + n.args().get(0) + " attempts: no ceiling";
                fix = "Give " + s + " a finite maxAttempts (5) and recover to a FAILED/DEAD state.";
                bounded = "new " + s + "(5)";
            } else if (s.equals("FixedBackOff") && n.args().size() == 2 && Retries.isUnboundedValue(n.args().get(1))) {
                why = "`" + Retries.oneLine(n.text()) + "` retries without limit (" + n.args().get(1) + ")";
                fix = "Give the back-off a finite number of attempts (new FixedBackOff(1000L, 4L)) and a "
                        + "DeadLetterPublishingRecoverer, so a poison record goes to the .DLT topic.";
                bounded = "new DefaultErrorHandler(new DeadLetterPublishingRecoverer(kafkaTemplate), "
                        + "new FixedBackOff(" + n.args().get(0) + ", 4L))";
            } else if (feignRetryer(m, n) && n.args().size() == 3 && Retries.isUnboundedValue(n.args().get(2))) {
                why = "`" + Retries.oneLine(n.text()) + "` is a Feign retryer allowing " + n.args().get(2)
                        + " attempts: no ceiling, and Feign retries every request its client sends with it, "
                        + "non-idempotent ones included";
                fix = "Give the Feign retryer a small maximum of attempts (new Retryer.Default(100, 1000, 3); the "
                        + "no-argument default is 5) or Retryer.NEVER_RETRY for clients whose calls are not "
                        + "idempotent, and let the caller record the failure.";
                bounded = "new Retryer.Default(" + n.args().get(0) + ", " + n.args().get(1) + ", 3)";
            } else if (s.equals("ExponentialBackOff") && springBackOff(m) && !bounded(n, calls)) {
                why = "`" + Retries.oneLine(n.text()) + "` is never given setMaxElapsedTime(..) or setMaxAttempts(..), "
                        + "and Spring's ExponentialBackOff retries without limit by default";
                fix = "Call setMaxElapsedTime(..) (or, Spring 6.1+, setMaxAttempts(..)) on the back-off, or use "
                        + "ExponentialBackOffWithMaxRetries, with a dead-letter recoverer.";
                bounded = "ExponentialBackOffWithMaxRetries backOff = new ExponentialBackOffWithMaxRetries(4);";
            } else if (activeMqUri(n.args()) != null) {
                why = "`" + Retries.oneLine(n.text()) + "` gives the ActiveMQ client a connection URI with `"
                        + activeMqUri(n.args()) + "`: it redelivers a message whose listener fails without end, "
                        + "never handing it to the dead-letter queue";
                fix = "Drop the option (the default is 6 redeliveries, then ActiveMQ.DLQ) or set "
                        + "jms.redeliveryPolicy.maximumRedeliveries to a small number.";
                bounded = "jms.redeliveryPolicy.maximumRedeliveries=5";
            }
            if (why != null) {
                mc.finding(Semantics.location(m, n.range(), null))
                        .message(why + ". A message or item that always fails is retried forever and blocks or floods "
                                + "the queue.")
                        .enclosing(enclosing).construct(n.text()).fix(Fix.of(fix, Templates.boundedRetrySetting("//",
                                n.text(), bounded, "a recoverer records the item as FAILED/DEAD or publishes it to "
                                        + "a dead-letter topic"))).report();
            }
        }
        for (CallSite c : calls) {
            String why = null;
            String fix = null;
            String bounded = null;
            if (c.name().equals("infiniteRetry") && c.argCount() == 0) {
                why = Semantics.display(c) + " retries every failure forever";
                fix = "Use maxAttempts(5) on the builder and recover to a FAILED/DEAD state.";
                bounded = ".maxAttempts(5)";
            } else if (mc.project().catalog().terms(Vocabulary.RETRY_LIMIT_SETTERS).has(c.name())
                    && c.argCount() == 1 && Retries.isUnboundedValue(c.args().get(0).text())
                    && !c.args().get(0).text().equals("-1")
                    || mc.project().catalog().terms(Vocabulary.FOREVER_AT_MINUS_ONE_SETTERS).has(c.name())
                    && c.argCount() == 1 && c.args().get(0).text().equals("-1")) {
                why = Semantics.display(c) + " sets the retry limit to " + c.args().get(0).text() + ": no ceiling";
                fix = "Set a finite limit (" + c.name() + "(5)); the libraries' default is 3 attempts.";
                bounded = "." + c.name() + "(5)";
            } else if (activeMqUri(c.args().stream().map(a -> a.text()).toList()) != null) {
                why = Semantics.display(c) + " gives the ActiveMQ client a connection URI with `"
                        + activeMqUri(c.args().stream().map(a -> a.text()).toList()) + "`: no redelivery ceiling";
                fix = "Drop the option (the default is 6 redeliveries, then ActiveMQ.DLQ) or set "
                        + "jms.redeliveryPolicy.maximumRedeliveries to a small number.";
                bounded = "jms.redeliveryPolicy.maximumRedeliveries=5";
            }
            if (why != null) {
                Location loc = Semantics.location(m, c.range(), null);
                if (c.receiver().kind() == Receiver.Kind.CALL && loc.endLine() > loc.startLine()) {
                    // a builder chain: the setting is on the chain's last line
                    loc = new Location(loc.path(), loc.endLine(), 1, loc.endLine(), Math.max(2, loc.endColumn()), null);
                }
                mc.finding(loc)
                        .message(why + ". A call that always fails is retried forever.")
                        .enclosing(enclosing).construct(c.text()).fix(Fix.of(fix, Templates.boundedRetrySetting("//",
                                c.text(), bounded, "recover to a FAILED/DEAD state (taskClaimer.fail(claim, e)) "
                                        + "or a dead-letter queue"))).report();
            }
        }
    }

    /** The unbounded redelivery option of an ActiveMQ connection URI spelled in one of the arguments, or null. */
    private static String activeMqUri(List<String> args) {
        for (String a : args) {
            String v = UnboundedRetryConfig.activeMqForever(a);
            if (v != null) {
                return v;
            }
        }
        return null;
    }

    /**
     * {@code n} creates Feign's {@code Retryer.Default}: written {@code Retryer.Default} (or fully qualified) with
     * {@code Retryer} imported from {@code feign}, or {@code Default} imported as {@code feign.Retryer.Default}.
     */
    private static boolean feignRetryer(MethodRef m, NewFact n) {
        String t = n.type();
        if (t.equals("feign.Retryer.Default")) {
            return true;
        }
        if (t.equals("Retryer.Default")) {
            String imp = m.file().imports().get("Retryer");
            return imp != null ? imp.equals("feign.Retryer") : m.file().wildcards().contains("feign");
        }
        return t.equals("Default") && "feign.Retryer.Default".equals(m.file().imports().get("Default"));
    }

    private static boolean springBackOff(MethodRef m) {
        String imp = m.file().imports().get("ExponentialBackOff");
        if (imp != null) {
            return imp.startsWith("org.springframework.util.backoff");
        }
        return m.file().wildcards().stream().anyMatch(w -> w.startsWith("org.springframework.util.backoff"));
    }

    private static boolean bounded(NewFact n, List<CallSite> calls) {
        if (n.assignedTo() == null) {
            return false;
        }
        for (CallSite c : calls) {
            if ((c.name().equals("setMaxElapsedTime") || c.name().equals("setMaxAttempts"))
                    && n.assignedTo().equals(c.receiver().name())) {
                String v = c.args().isEmpty() ? "" : c.args().get(0).text();
                return !v.contains("MAX_VALUE") && !v.contains("UNLIMITED");
            }
        }
        return false;
    }
}
