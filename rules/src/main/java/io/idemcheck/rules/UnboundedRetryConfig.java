package io.idemcheck.rules;

import io.idemcheck.core.model.Project;
import io.idemcheck.core.facts.Arg;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.finding.Fix;
import io.idemcheck.core.finding.Location;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.rule.RuleContext;
import io.idemcheck.core.springconfig.ConfigEntry;
import io.idemcheck.core.springconfig.ConfigFile;
import io.idemcheck.core.summary.Retries;
import io.idemcheck.rules.fix.Templates;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** IDEM006 detector: retry settings in {@code application*.yml|yaml|properties} without a limit or a dead-letter. */
final class UnboundedRetryConfig {

    private UnboundedRetryConfig() {
    }

    private static final Pattern RABBIT_MAX = Pattern.compile(
            "spring\\.rabbitmq\\.listener\\.(simple|direct)\\.retry\\.maxattempts");
    private static final Pattern RABBIT_REQUEUE = Pattern.compile(
            "spring\\.rabbitmq\\.listener\\.(simple|direct)\\.defaultrequeuerejected");
    private static final Pattern STREAM_MAX = Pattern.compile(
            "spring\\.cloud\\.stream\\.(bindings\\.[^.]+|default)\\.consumer\\.maxattempts");
    private static final Pattern STREAM_REQUEUE = Pattern.compile(
            "spring\\.cloud\\.stream\\.rabbit\\.(bindings\\.([^.]+)|default)\\.consumer\\.requeuerejected");
    private static final Pattern KAFKA_TOPIC_ATTEMPTS = Pattern.compile("spring\\.kafka\\.retry\\.topic\\.attempts");
    /** Resilience4j's Spring Boot retry settings ({@code maxRetryAttempts} is the 1.0/1.1 name of max-attempts). */
    private static final Pattern R4J_MAX = Pattern.compile(
            "resilience4j\\.retry\\.(instances|configs|backends)\\.[^.]+\\.(maxattempts|maxretryattempts)");
    /**
     * ActiveMQ's connection URI option for the client's redelivery policy ({@code spring.activemq.broker-url}, or any
     * setting holding the URI): -1 redelivers a rolled-back message forever, never handing it to the dead-letter queue.
     */
    static final Pattern ACTIVEMQ_URI_REDELIVERIES = Pattern.compile(
            "(?i)[?&]jms\\.redeliveryPolicy\\.maximumRedeliveries=(-1|\\d+)\\b");

    static void checkConfigFiles(RuleContext ctx, Project project) {
        List<ConfigFile> files = project.springConfig().files();
        if (files.isEmpty()) {
            return;
        }
        boolean dlqInCode = dlqInCode(project);
        for (ConfigFile f : files) {
            for (ConfigEntry e : f.entries()) {
                String k = e.canonicalKey();
                if (RABBIT_MAX.matcher(k).matches() && Retries.isUnboundedValue(value(e))) {
                    String prefix = k.substring(0, k.length() - "maxattempts".length());
                    if (!anyTrue(files, prefix + "enabled")) {
                        continue;
                    }
                    report(ctx, e, "`" + e.key() + ": " + value(e) + "` lets the listener container retry a failing "
                            + "message " + value(e) + " times, which is no ceiling.",
                            "Set max-attempts to a small number (3 to 5); after the last attempt Spring AMQP rejects "
                                    + "the message without requeue, so give the queue a dead-letter exchange.");
                } else if (RABBIT_REQUEUE.matcher(k).matches() && "true".equalsIgnoreCase(value(e))) {
                    String prefix = k.substring(0, k.length() - "defaultrequeuerejected".length());
                    if (anyTrue(files, prefix + "retry.enabled") || dlqInCode || dlqInConfig(files, null)) {
                        continue;
                    }
                    report(ctx, e, "`" + e.key() + ": true` with the container's retry off and no dead-letter exchange "
                            + "in sight: a listener that throws has its message put back on the queue and delivered "
                            + "again at once, forever.",
                            "Enable bounded retry (" + prefix.replace("spring.rabbitmq.listener.", "")
                                    + "retry.enabled: true, max-attempts: 3) or set default-requeue-rejected: false, "
                                    + "and declare the queue with x-dead-letter-exchange so rejected messages are "
                                    + "kept for inspection.");
                } else if (STREAM_MAX.matcher(k).matches() && Retries.isUnboundedValue(value(e))) {
                    report(ctx, e, "`" + e.key() + ": " + value(e) + "` makes the binder retry a failing message "
                            + value(e) + " times: no ceiling.",
                            "Set max-attempts to 3 to 5 and enable a dead-letter queue for the binding (auto-bind-dlq "
                                    + "for Rabbit, enable-dlq for Kafka).");
                } else if (STREAM_REQUEUE.matcher(k).matches() && "true".equalsIgnoreCase(value(e))) {
                    Matcher mm = STREAM_REQUEUE.matcher(k);
                    mm.matches();
                    String binding = mm.group(2);
                    if (dlqInConfig(files, binding) || dlqInCode) {
                        continue;
                    }
                    ConfigEntry attempts = binding == null ? null
                            : lastIn(files, "spring.cloud.stream.bindings." + binding + ".consumer.max-attempts");
                    String retries = attempts != null && value(attempts).equals("1")
                            ? " The binder's own retries are off (max-attempts: 1), so every failure goes straight back "
                            + "to the broker." : "";
                    report(ctx, e, "`" + e.key() + ": true` with no dead-letter queue for the binding (auto-bind-dlq is "
                            + "not true): when the listener throws, the rejected message is requeued and redelivered "
                            + "forever, with no counter and no dead-letter route." + retries,
                            "Set auto-bind-dlq: true (and requeue-rejected: false) for the binding, so a message "
                                    + "that keeps failing ends in <destination>.<group>.dlq after max-attempts.");
                } else if (KAFKA_TOPIC_ATTEMPTS.matcher(k).matches() && Retries.isUnboundedValue(value(e))) {
                    report(ctx, e, "`" + e.key() + ": " + value(e) + "` retries a failing record through retry topics "
                            + value(e) + " times: no ceiling.",
                            "Set attempts to 3 to 5; the last failure then goes to the .DLT topic.");
                } else if (R4J_MAX.matcher(k).matches() && Retries.isUnboundedValue(value(e))
                        && !value(e).equals("-1")) {
                    // -1 is no setting Resilience4j accepts (it fails at start-up), not a retry without end
                    report(ctx, e, "`" + e.key() + ": " + value(e) + "` lets Resilience4j retry a failing call "
                            + value(e) + " times: no ceiling.",
                            "Set max-attempts to 3 to 5 (the default is 3) and give the @Retry a fallbackMethod "
                                    + "that records the item as FAILED/DEAD.",
                            " A call that always fails is retried without end and the item behind it never reaches a "
                                    + "fallback.");
                } else {
                    String forever = activeMqForever(value(e));
                    if (forever != null) {
                        report(ctx, e, "`" + e.key() + "` sets the ActiveMQ client's redelivery policy in the "
                                + "connection URI (`" + forever + "`): a message whose listener fails is "
                                + "redelivered without end and never reaches the dead-letter queue.",
                                "Drop the option (the default is 6 redeliveries, then ActiveMQ.DLQ) or set "
                                        + "jms.redeliveryPolicy.maximumRedeliveries to a small number.");
                    }
                }
            }
        }
    }

    /**
     * The {@code jms.redeliveryPolicy.maximumRedeliveries=..} option of an ActiveMQ connection URI in {@code text}
     * when it allows redelivery forever (-1) or 10000 times or more, or null.
     */
    static String activeMqForever(String text) {
        if (text == null || !text.contains("maximumRedeliveries")) {
            return null;
        }
        Matcher m = ACTIVEMQ_URI_REDELIVERIES.matcher(text);
        while (m.find()) {
            if (Retries.isUnboundedValue(m.group(1))) {
                return m.group().substring(1);
            }
        }
        return null;
    }

    /**
     * The value without a trailing {@code " # ..."} remark: a properties value keeps it verbatim, but no setting read
     * here has a value with a blank and '#' in it.
     */
    private static String value(ConfigEntry e) {
        String v = e.value();
        int i = v.indexOf(" #");
        return (i >= 0 ? v.substring(0, i) : v).strip();
    }

    private static void report(RuleContext ctx, ConfigEntry e, String what, String fix) {
        report(ctx, e, what, fix, " One message that always fails floods the queue forever.");
    }

    private static void report(RuleContext ctx, ConfigEntry e, String what, String fix, String tail) {
        Location loc = new Location(e.path(), e.line(), e.column(), e.line(), e.column() + e.key().length(), null);
        ctx.finding(loc).message(what + tail)
                .enclosing(e.path() + "#" + e.key()).construct(e.key()).fix(Fix.of(fix, Templates.retryConfig(e.path(),
                        e.key(), value(e)))).report();
    }

    private static boolean anyTrue(List<ConfigFile> files, String canonicalKey) {
        for (ConfigFile f : files) {
            ConfigEntry e = f.get(canonicalKey);
            if (e != null && "true".equalsIgnoreCase(value(e))) {
                return true;
            }
        }
        return false;
    }

    private static ConfigEntry lastIn(List<ConfigFile> files, String key) {
        ConfigEntry out = null;
        for (ConfigFile f : files) {
            ConfigEntry e = f.get(key);
            if (e != null) {
                out = e;
            }
        }
        return out;
    }

    /** A dead-letter setting in the configuration: for {@code binding}, or anywhere when it is null. */
    private static boolean dlqInConfig(List<ConfigFile> files, String binding) {
        for (ConfigFile f : files) {
            for (ConfigEntry e : f.entries()) {
                String k = e.canonicalKey();
                boolean dl = k.endsWith("autobinddlq") && "true".equalsIgnoreCase(value(e))
                        || k.endsWith("deadletterexchange") || k.endsWith("deadletterqueuename")
                        || k.endsWith("enabledlq") && "true".equalsIgnoreCase(value(e));
                if (dl && (binding == null || k.contains(".bindings." + binding.toLowerCase(Locale.ROOT) + ".")
                        || k.contains(".default."))) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The main code declares a dead-letter exchange or queue somewhere. A test's broker configuration (a queue a
     * Testcontainers test declares with x-dead-letter-exchange) gives production no dead-letter exchange; it is also
     * code a scan may not parse (test files are held back until IDEM007 needs them).
     */
    private static boolean dlqInCode(Project project) {
        for (MethodRef m : project.index().methods()) {
            if (m.file().test()) {
                continue;
            }
            for (CallSite c : m.method().body().calls()) {
                if (c.name().equals("deadLetterExchange") || c.name().equals("deadLetterRoutingKey")) {
                    return true;
                }
                for (Arg a : c.args()) {
                    if (a.text().contains("x-dead-letter")) {
                        return true;
                    }
                }
            }
        }
        return false;
    }
}
