package io.idemcheck.core.summary;

import io.idemcheck.core.facts.Range;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.model.Project;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static io.idemcheck.core.summary.SummaryFixture.call;
import static io.idemcheck.core.summary.SummaryFixture.calls;
import static io.idemcheck.core.summary.SummaryFixture.mainJava;
import static io.idemcheck.core.summary.SummaryFixture.method;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link Retries}: retry loops (a try whose success leaves the loop and whose catch loops again) with the counter or
 * time bound found, recursive retries from a catch, {@code @Retryable} of Spring Retry and of Spring Framework 7 with
 * their limits, redelivering listeners, and lambdas run by a retry library; and the look-alikes that are none (a
 * loop over items that logs a failure and goes on, a catch that rethrows or only handles an interrupt, an executor).
 */
class RetriesTest {

    @TempDir
    Path tmp;

    static final String LOOPS = """
            package com.acme;
            import java.util.List;
            public class Loops {
                private Client client;
                public void counted() {
                    for (int i = 0; i < 3; i++) {
                        try {
                            client.call();
                            break;
                        } catch (Exception e) {
                            client.log(e);
                        }
                    }
                }
                public void forever() {
                    while (true) {
                        try {
                            client.call();
                            return;
                        } catch (Exception e) {
                            client.log(e);
                        }
                    }
                }
                public void guarded() {
                    int attempts = 0;
                    while (true) {
                        try {
                            client.call();
                            return;
                        } catch (Exception e) {
                            if (++attempts > 5) {
                                throw new IllegalStateException(e);
                            }
                        }
                    }
                }
                public void deadline(long deadline) {
                    while (System.currentTimeMillis() < deadline) {
                        try {
                            client.call();
                            return;
                        } catch (Exception e) {
                            client.log(e);
                        }
                    }
                }
                public void flag() {
                    boolean done = false;
                    while (!done) {
                        try {
                            client.call();
                            done = true;
                        } catch (Exception e) {
                            client.log(e);
                        }
                    }
                }
                public void items(List<String> items) {
                    for (String s : items) {                                         // negative: next item
                        try {
                            client.call();
                        } catch (Exception e) {
                            client.log(e);
                        }
                    }
                }
                public void rethrows() {
                    while (true) {
                        try {
                            client.call();
                            return;
                        } catch (Exception e) {                                      // negative: leaves
                            throw new IllegalStateException(e);
                        }
                    }
                }
                public void interrupted() {
                    while (true) {
                        try {
                            client.sleep();
                            return;
                        } catch (InterruptedException e) {                           // negative: only an interrupt
                            client.log(e);
                        }
                    }
                }
                public void send(String m, int attempt) {
                    try {
                        client.call();
                    } catch (Exception e) {
                        send(m, attempt + 1);                                        // recursive, counted
                    }
                }
                public void resend(String m) {
                    try {
                        client.call();
                    } catch (Exception e) {
                        resend(m);                                                   // recursive, unbounded
                    }
                }
            }
            interface Client {
                void call() throws Exception;
                void sleep() throws InterruptedException;
                void log(Exception e);
            }
            """;

    private Project p;

    @BeforeEach
    void scan() throws Exception {
        p = SummaryFixture.scan(tmp, mainJava("Loops", LOOPS));
    }

    private List<Retries.RetryLoop> loops(String method) {
        return Retries.retryLoops(method(p, method));
    }

    @Test
    void aRetryLoopAndTheBoundItHas() {
        List<Retries.RetryLoop> counted = loops("counted");
        assertThat(counted).hasSize(1);
        assertThat(counted.get(0).bound()).isEqualTo("the loop condition `i < 3`");
        assertThat(counted.get(0).timeBound()).isFalse();
        assertThat(counted.get(0).loop().kind()).isEqualTo("for");
        assertThat(counted.get(0).attempts(call(method(p, "counted"), "call"))).isTrue();
        assertThat(counted.get(0).attempts(call(method(p, "counted"), "log"))).isFalse();

        assertThat(loops("forever")).singleElement().extracting(Retries.RetryLoop::bound).isNull();
        assertThat(loops("guarded")).singleElement().extracting(Retries.RetryLoop::bound)
                .isEqualTo("the condition `++attempts > 5` at line 32");
        Retries.RetryLoop deadline = loops("deadline").get(0);
        assertThat(deadline.bound()).isEqualTo("the loop condition `System.currentTimeMillis() < deadline`");
        assertThat(deadline.timeBound()).isTrue();
        assertThat(loops("flag")).as("success sets the flag the loop tests").hasSize(1);
    }

    @Test
    void aLoopThatMovesOnOrGivesUpIsNoRetry() {
        assertThat(loops("items")).isEmpty();
        assertThat(loops("rethrows")).isEmpty();
        assertThat(loops("interrupted")).isEmpty();
        assertThat(loops("send")).isEmpty();
    }

    @Test
    void aRecursiveRetryFromACatch() {
        MethodRef send = method(p, "send");
        List<Retries.RecursiveRetry> rs = Retries.recursiveRetries(send, p.index().calls(send));
        assertThat(rs).hasSize(1);
        assertThat(rs.get(0).selfCall().name()).isEqualTo("send");
        assertThat(rs.get(0).bound()).isEqualTo("the counter argument `attempt + 1`");
        assertThat(rs.get(0).attempts(call(send, "call"))).isTrue();

        MethodRef resend = method(p, "resend");
        assertThat(Retries.recursiveRetries(resend, p.index().calls(resend))).singleElement()
                .extracting(Retries.RecursiveRetry::bound).isNull();
        MethodRef counted = method(p, "counted");
        assertThat(Retries.recursiveRetries(counted, p.index().calls(counted))).isEmpty();
    }

    @Test
    void retryableAnnotationsOfSpringRetryAndSpringFramework7() throws Exception {
        String retry = """
                package com.acme;
                import org.springframework.retry.annotation.Retryable;
                public class SpringRetry {
                    @Retryable(maxAttempts = 5)
                    public void five() { }
                    @Retryable(maxAttempts = Integer.MAX_VALUE)
                    public void forever() { }
                    @Retryable(maxAttempts = 1)
                    public void once() { }
                    @Retryable
                    public void defaults() { }
                    public void plain() { }
                }
                @Retryable
                class OnClass {
                    public void any() { }
                }
                """;
        String core = """
                package com.acme;
                import org.springframework.resilience.annotation.Retryable;
                public class Core {
                    @Retryable(maxRetries = 3)
                    public void three() { }
                    @Retryable(maxRetries = 0)
                    public void none() { }
                }
                """;
        Project rp = SummaryFixture.scan(tmp.resolve("r"), mainJava("SpringRetry", retry)[0], retry,
                mainJava("Core", core)[0], core);
        Retries.RetryableAnnotation five = Retries.retryable(method(rp, "five"));
        assertThat(five.springCore()).isFalse();
        assertThat(five.limitMember()).isEqualTo("maxAttempts");
        assertThat(five.limit()).isEqualTo("5");
        assertThat(five.unbounded()).isFalse();
        assertThat(five.noRetry()).isFalse();
        assertThat(Retries.retryable(method(rp, "SpringRetry.forever")).unbounded()).isTrue();
        assertThat(Retries.retryable(method(rp, "once")).noRetry()).isTrue();
        assertThat(Retries.retryable(method(rp, "defaults")).limit()).isNull();
        assertThat(Retries.retryable(method(rp, "plain"))).isNull();
        assertThat(Retries.retryable(method(rp, "any"))).as("on the class").isNotNull();

        Retries.RetryableAnnotation three = Retries.retryable(method(rp, "three"));
        assertThat(three.springCore()).isTrue();
        assertThat(three.limitMember()).isEqualTo("maxRetries");
        assertThat(three.limit()).isEqualTo("3");
        assertThat(Retries.retryable(method(rp, "none")).noRetry()).as("maxRetries = 0").isTrue();
    }

    @Test
    void unboundedLimitValues() {
        assertThat(Retries.isUnboundedValue("Integer.MAX_VALUE")).isTrue();
        assertThat(Retries.isUnboundedValue("UNLIMITED_ATTEMPTS")).isTrue();
        assertThat(Retries.isUnboundedValue("10_000")).isTrue();
        assertThat(Retries.isUnboundedValue("-1")).isTrue();
        assertThat(Retries.isUnboundedValue("9999")).isFalse();
        assertThat(Retries.isUnboundedValue("5L")).isFalse();
        assertThat(Retries.isUnboundedValue(null)).isFalse();
    }

    @Test
    void redeliveringListenersAndRetryRunners() throws Exception {
        String src = """
                package com.acme;
                import io.github.resilience4j.retry.Retry;
                import java.util.concurrent.Executor;
                import org.apache.rocketmq.spring.annotation.RocketMQMessageListener;
                import org.springframework.kafka.annotation.KafkaHandler;
                import org.springframework.kafka.annotation.KafkaListener;
                import org.springframework.retry.support.RetryTemplate;
                public class Listeners {
                    private RetryTemplate retryTemplate;
                    private Retry retry;
                    private Executor executor;
                    private Api api;
                    @KafkaListener(topics = "t")
                    public void onOrder(String m) { }
                    public void plain(String m) { }
                    public void runners() {
                        retryTemplate.execute(ctx -> api.call());
                        Retry.decorateSupplier(retry, () -> api.call());
                        executor.execute(() -> api.call());                          // negative
                    }
                }
                @RocketMQMessageListener(topic = "t", consumerGroup = "g")
                class Rocket {
                    public void onMessage(String m) { }
                }
                @KafkaListener(topics = "t")
                class Multi {
                    @KafkaHandler
                    public void handle(String m) { }
                }
                interface Api { String call(); }
                """;
        Project lp = SummaryFixture.scan(tmp.resolve("l"), mainJava("Listeners", src));
        assertThat(Retries.listener(lp.catalog(), method(lp, "onOrder"))).isEqualTo("@KafkaListener");
        assertThat(Retries.listener(lp.catalog(), method(lp, "onMessage")))
                .isEqualTo("@RocketMQMessageListener onMessage");
        assertThat(Retries.listener(lp.catalog(), method(lp, "handle"))).isEqualTo("@KafkaListener @KafkaHandler");
        assertThat(Retries.listener(lp.catalog(), method(lp, "plain"))).isNull();

        MethodRef runners = method(lp, "runners");
        var targets = lp.index().calls(runners);
        var apiCalls = calls(runners, "call");
        assertThat(Retries.retryLambdaOwner(lp.catalog(), runners, apiCalls.get(0), targets))
                .extracting(c -> c.name()).isEqualTo("execute");
        assertThat(Retries.retryLambdaOwner(lp.catalog(), runners, apiCalls.get(1), targets))
                .extracting(c -> c.name()).isEqualTo("decorateSupplier");
        assertThat(Retries.retryLambdaOwner(lp.catalog(), runners, apiCalls.get(2), targets)).isNull();
    }

    @Test
    void regionsAndText() {
        Range loop = new Range(10, 5, 20, 6);
        assertThat(Retries.inside(new Range(12, 9, 12, 30), loop)).isTrue();
        assertThat(Retries.inside(loop, loop)).isTrue();
        assertThat(Retries.inside(new Range(10, 1, 12, 30), loop)).isFalse();
        assertThat(Retries.inside(new Range(19, 1, 21, 2), loop)).isFalse();
        assertThat(Retries.oneLine("i <\n   3 ")).isEqualTo("i < 3");
        assertThat(Retries.RETRY_NAME.matcher("retryCount").matches()).isTrue();
        assertThat(Retries.RETRY_NAME.matcher("amount").matches()).isFalse();
    }
}
