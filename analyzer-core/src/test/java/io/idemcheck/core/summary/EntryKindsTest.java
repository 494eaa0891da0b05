package io.idemcheck.core.summary;

import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.model.Project;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static io.idemcheck.core.summary.SummaryFixture.mainJava;
import static io.idemcheck.core.summary.SummaryFixture.method;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link EntryKinds}: entry points recognised by what the code does: a lambda or method reference handed to a timer,
 * a thread loop on a flag that waits inside, an HTTP endpoint whose path names a job, a POST webhook; a handler a job
 * dispatches to. Negatives: a counted loop, a {@code while (true)} outside run(), a loop that never waits, a GET
 * callback, an ordinary endpoint, a test method.
 */
class EntryKindsTest {

    @TempDir
    Path tmp;

    static final String JOB = """
            package com.acme;
            import java.util.List;
            import java.util.concurrent.ScheduledExecutorService;
            import java.util.concurrent.TimeUnit;
            import org.springframework.web.bind.annotation.*;
            public class Jobs {
                private ScheduledExecutorService timer;
                private volatile boolean running;
                private List<Handler> handlers;
                public void start() {
                    timer.scheduleWithFixedDelay(() -> { sweep(); poll(); }, 0, 5, TimeUnit.SECONDS); // a lambda
                    timer.scheduleAtFixedRate(this::poll, 0, 5, TimeUnit.SECONDS);
                }
                void sweep() { }
                void poll() { }                                     // positive: named by a method reference
                void loop() throws Exception {
                    while (running) {                               // positive: a flag, waits inside
                        sweep();
                        Thread.sleep(1000);
                    }
                }
                void counted() throws Exception {
                    for (int i = 0; i < 3; i++) { Thread.sleep(10); } // negative: counted
                    while (true) { Thread.sleep(10); }              // negative: while (true) outside run()
                }
                void busy() {
                    while (running) { sweep(); }                    // negative: never waits
                }
                public void dispatch() {
                    for (Handler h : handlers) {
                        h.handle();
                    }
                }
            }
            interface Handler { void handle(); }
            class MailHandler implements Handler { public void handle() { } }
            class SmsHandler implements Handler { public void handle() { } }
            @RestController
            @RequestMapping("/jobs")
            class JobController {
                @PatchMapping("/card-payments-status-update")
                public void runBatch() { }                          // positive: a job path
            }
            @RestController
            class PayController {
                @PostMapping("/pay/notify")
                public String notifyPaid() { return "ok"; }        // positive: a webhook
                @GetMapping("/pay/callback")
                public String page() { return "ok"; }              // negative: a GET
                @PostMapping("/orders")
                public String create() { return "ok"; }            // negative: no job or webhook word
            }
            interface Notice { void send(); }
            class OnlyNotice implements Notice { public void send() { } } // negative: the one implementation
            class Notices {
                private List<Notice> notices;
                public void dispatchOne() {
                    for (Notice n : notices) {
                        n.send();
                    }
                }
            }
            """;

    private Project p;
    private EntryKinds kinds;

    @BeforeEach
    void scan() throws Exception {
        p = SummaryFixture.scan(tmp, mainJava("Jobs", JOB));
        kinds = new EntryKinds(p.index());
    }

    private String entry(String name) {
        return kinds.entryPoint(method(p, name));
    }

    @Test
    void aTimerTaskByLambdaOrMethodReferenceIsAnEntryPoint() {
        assertThat(entry("Jobs.start")).isEqualTo("a task handed to scheduleWithFixedDelay() at line 11 (catalog.json "
                + "scheduledTaskCalls)");
        assertThat(entry("Jobs.poll")).isEqualTo("a task handed to scheduleAtFixedRate() in Jobs.start() at line 12 "
                + "(catalog.json scheduledTaskCalls)");
        assertThat(kinds.scheduledTask(method(p, "Jobs.sweep"))).as("called from the lambda, not handed over").isNull();
    }

    /**
     * A lambda that only calls one project method ({@code () -> poll()}, {@code () -> worker.drain()}) hands that
     * method over as {@code this::poll} does: it is the entry, reported at itself with the registration related; the
     * registering method is none (unless a lambda of its own does more), and a lambda that also loops is its own.
     */
    @Test
    void aLambdaThatOnlyCallsAMethodHandsThatMethodOver() throws Exception {
        String src = """
                package com.acme;
                import java.util.List;
                import java.util.concurrent.ScheduledExecutorService;
                import java.util.concurrent.TimeUnit;
                public class Ticks {
                    private ScheduledExecutorService timer;
                    private Worker worker;
                    private List<Long> ids;
                    public void init() {
                        timer.scheduleAtFixedRate(() -> tick(), 0, 5, TimeUnit.SECONDS);
                        timer.scheduleAtFixedRate(() -> worker.drain(), 0, 5, TimeUnit.SECONDS);
                    }
                    public void looped() {
                        timer.scheduleAtFixedRate(() -> { for (Long id : ids) { tick(); } }, 0, 5, TimeUnit.SECONDS);
                    }
                    void tick() { }
                }
                class Worker { void drain() { } }
                """;
        Project q = SummaryFixture.scan(tmp.resolve("ticks"), mainJava("Ticks", src));
        EntryKinds k = new EntryKinds(q.index());
        assertThat(k.entryPoint(method(q, "Ticks.init"))).isNull();
        assertThat(k.entryPoint(method(q, "Ticks.tick"))).isEqualTo("a task handed to scheduleAtFixedRate() in "
                + "Ticks.init() at line 10 (catalog.json scheduledTaskCalls)");
        assertThat(k.entryPoint(method(q, "Worker.drain"))).isEqualTo("a task handed to scheduleAtFixedRate() in "
                + "Ticks.init() at line 11 (catalog.json scheduledTaskCalls)");
        assertThat(k.entryPoint(method(q, "Ticks.looped"))).isEqualTo("a task handed to scheduleAtFixedRate() at "
                + "line 14 (catalog.json scheduledTaskCalls)");
        assertThat(k.registration(method(q, "Worker.drain")).label()).isEqualTo("timer.scheduleAtFixedRate() in "
                + "Ticks.init() runs Worker.drain(): the job is registered here");
        assertThat(k.registration(method(q, "Ticks.looped")).label()).isEqualTo("timer.scheduleAtFixedRate() runs "
                + "it: the job is registered here");
    }

    @Test
    void aFlagLoopThatWaitsIsAThreadLoopACountedOrBusyOneIsNot() {
        assertThat(entry("Jobs.loop")).isEqualTo("a thread loop (while (running) at line 17, waiting in sleep() at "
                + "line 19; catalog.json loopWaitCalls)");
        assertThat(entry("Jobs.counted")).isNull();
        assertThat(entry("Jobs.busy")).isNull();
    }

    @Test
    void aJobPathOrAPostWebhookIsAnEntryPointAGetOrAnOrdinaryPathIsNot() {
        assertThat(entry("JobController.runBatch")).isEqualTo("an HTTP endpoint an outside scheduler calls (/jobs "
                + "/card-payments-status-update: \"jobs\", catalog.json jobEndpointPathWords)");
        assertThat(entry("PayController.notifyPaid")).isEqualTo("a webhook endpoint (/pay/notify: \"notify\", "
                + "catalog.json webhookPathWords): the caller sends it again until it gets a success");
        assertThat(entry("PayController.page")).isNull();
        assertThat(entry("PayController.create")).isNull();
    }

    @Test
    void eachImplementationAJobDispatchesToInALoopIsAHandler() {
        java.util.function.Function<io.idemcheck.core.index.MethodRef, String> base =
                m -> m.method().name().startsWith("dispatch") ? "@Scheduled" : null;
        // two implementations: the interface's own bodiless declaration (Handler.handle) is not counted (it was: 3)
        assertThat(kinds.dispatchedHandler(method(p, "MailHandler.handle"), base)).isEqualTo("a handler the job "
                + "Jobs.dispatch() dispatches to (h.handle() at line 31 runs each of 2 implementations)");
        assertThat(kinds.dispatchedHandler(method(p, "SmsHandler.handle"), base)).startsWith("a handler the job");
        // one implementation behind the interface: a plain call, not a dispatch to handlers (was taken as one)
        assertThat(kinds.dispatchedHandler(method(p, "OnlyNotice.send"), base)).isNull();
        assertThat(kinds.dispatchedHandler(method(p, "Jobs.sweep"), base)).isNull();
    }

    @Test
    void firstWordSplitsAPathAtHumpsAndNonLetters() {
        var words = p.index().catalog().terms(Vocabulary.JOB_ENDPOINT_PATH_WORDS);
        assertThat(EntryKinds.firstWord("/api/cronJobs/run", words)).isEqualTo("cron");
        assertThat(EntryKinds.firstWord("/api/orders/run", words)).isNull();
    }
}
