package io.idemcheck.core.summary;

import io.idemcheck.core.facts.MethodFacts;
import io.idemcheck.core.model.Project;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Set;

import static io.idemcheck.core.summary.SummaryFixture.mainJava;
import static io.idemcheck.core.summary.SummaryFixture.method;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link EntryPoints}: job entry points (a static {@code main(String[])}, a catalog entry-point annotation, a type
 * annotation with its method, an implementation of a job interface) and the main-code methods reachable from them;
 * a web handler, an instance {@code main}, the job interface itself and a test's {@code @Scheduled} are none.
 */
class EntryPointsTest {

    @TempDir
    Path tmp;

    static final String JOBS = """
            package com.acme;
            import org.springframework.scheduling.annotation.Scheduled;
            import org.springframework.web.bind.annotation.PostMapping;
            public class Jobs {
                private Worker worker;
                @Scheduled(cron = "0 0 * * * *")
                public void hourly() {
                    worker.work();
                }
                @PostMapping("/run")
                public void handler() {                                              // negative: a web handler
                    worker.other();
                }
                public static void main(String[] args) {
                    Worker w = new Worker();
                    w.viaMain();
                }
            }
            class Worker {
                void work() { deeper(); }
                void deeper() { }
                void other() { }
                void viaMain() { }
                void orphan() { }
            }
            class NotAProgram {
                public void main(String[] args) { }                                  // negative: not static
                public static void main(String arg) { }                              // negative: not String[]
            }
            """;

    static final String QUARTZ = """
            package com.acme;
            import org.quartz.Job;
            import org.quartz.JobExecutionContext;
            import org.apache.rocketmq.spring.annotation.RocketMQMessageListener;
            public class Nightly implements Job {
                @Override
                public void execute(JobExecutionContext ctx) { }
            }
            @RocketMQMessageListener(topic = "t", consumerGroup = "g")
            class Listener {
                public void onMessage(String m) { }
                public void helper(String m) { }                                     // negative: not onMessage
            }
            """;

    static final String TEST = """
            package com.acme;
            import org.springframework.scheduling.annotation.Scheduled;
            class FakeJobTest {
                @Scheduled(fixedDelay = 1000)
                void tick() { new Worker().orphan(); }
            }
            """;

    @Test
    void entryPointsSayWhyTheyAreOne() throws Exception {
        Project p = SummaryFixture.scan(tmp, mainJava("Jobs", JOBS)[0], JOBS, mainJava("Nightly", QUARTZ)[0], QUARTZ);
        Semantics sem = p.semantics();
        assertThat(sem.entryPoint(method(p, "hourly"))).isEqualTo("@Scheduled");
        assertThat(sem.entryPoint(method(p, "Jobs.main"))).isEqualTo("main()");
        assertThat(p.index().methodsNamed("main").stream().filter(m -> m.type().simpleName().equals("NotAProgram"))
                .map(sem::entryPoint)).containsOnlyNulls().hasSize(2);
        assertThat(sem.entryPoint(method(p, "handler"))).isNull();
        assertThat(sem.entryPoint(method(p, "work"))).isNull();

        assertThat(sem.entryPoint(method(p, "Nightly.execute"))).isEqualTo("Job.execute");
        assertThat(sem.entryPoint(method(p, "onMessage"))).isEqualTo("@RocketMQMessageListener onMessage");
        assertThat(sem.entryPoint(method(p, "Listener.helper"))).isNull();
    }

    @Test
    void reachabilityFollowsCallsFromMainCodeEntryPointsOnly() throws Exception {
        Project p = SummaryFixture.scan(tmp, mainJava("Jobs", JOBS)[0], JOBS,
                "src/test/java/com/acme/FakeJobTest.java", TEST);
        Set<MethodFacts> reach = p.semantics().reachableFromEntryPoints();
        assertThat(reach).contains(method(p, "hourly").method(), method(p, "work").method(),
                method(p, "deeper").method(), method(p, "Jobs.main").method(), method(p, "viaMain").method());
        assertThat(reach).as("called only from a web handler").doesNotContain(method(p, "other").method(),
                method(p, "handler").method());
        assertThat(reach).as("called only from a test's @Scheduled").doesNotContain(method(p, "orphan").method(),
                method(p, "tick").method());
        assertThat(p.semantics().entryPoint(method(p, "tick"))).as("the annotation is still read in test code")
                .isEqualTo("@Scheduled");
        assertThat(p.semantics().reachableFromEntryPoints()).as("computed once").isSameAs(reach);
    }

    @Test
    void aVarargsMainIsAnEntryPoint() throws Exception {
        String src = """
                package com.acme;
                public class Varargs {
                    public static void main(String... args) { }
                }
                """;
        Project p = SummaryFixture.scan(tmp, mainJava("Varargs", src));
        assertThat(p.semantics().entryPoint(method(p, "main"))).isEqualTo("main()");
    }

    @Test
    void anOverloadOfTheJobMethodIsNoEntryPoint() throws Exception {
        String src = """
                package com.acme;
                import org.quartz.Job;
                import org.quartz.JobExecutionContext;
                public class Nightly implements Job {
                    public void execute(JobExecutionContext ctx) { }
                    public void execute(String s) { }                                // negative: an overload
                }
                """;
        Project p = SummaryFixture.scan(tmp, mainJava("Nightly", src));
        assertThat(p.index().methodsNamed("execute").stream().map(p.semantics()::entryPoint))
                .containsExactlyInAnyOrder("Job.execute", null);
    }

    static final String BY_WHAT_THEY_DO = """
            package com.acme;
            import java.util.List;
            import java.util.concurrent.BlockingQueue;
            import java.util.concurrent.ScheduledExecutorService;
            import java.util.concurrent.TimeUnit;
            import org.springframework.web.bind.annotation.*;
            import com.xxl.job.core.handler.annotation.XxlJob;
            public class Timers {
                ScheduledExecutorService ses;
                public void start() {                                               // a lambda on a timer
                    ses.scheduleWithFixedDelay(() -> poll(), 0, 5, TimeUnit.SECONDS);
                    ses.scheduleAtFixedRate(this::sweep, 0, 1, TimeUnit.HOURS);
                }
                void poll() { }
                void sweep() { }                                                    // a method reference on a timer
                public void once() { ses.submit(() -> poll()); }                    // negative: one shot
            }
            class Loops {
                volatile boolean running;
                BlockingQueue<String> queue;
                public void serve() throws Exception {                               // a thread loop
                    while (running) { queue.take(); }
                }
                public void retry() throws Exception {                               // negative: counted
                    int i = 0;
                    while (i < 3) { i++; Thread.sleep(10); }
                }
                public void spin() throws Exception {                                // negative: while (true) outside run()
                    while (true) { Thread.sleep(10); }
                }
            }
            @RestController
            @RequestMapping("/api")
            class Endpoints {
                @PatchMapping("/jobs/settle-pending") public void settle() { }      // an endpoint a cron calls
                @PostMapping("/tasks/batch-delete") public void delete() { }        // negative: a user's batch action
                @PostMapping("/pay/callback") public void paid() { }                // a webhook
                @GetMapping("/oauth/callback") public void login() { }              // negative: a GET redirect
                @RequestMapping(value = "/notify/{m}", method = {RequestMethod.GET, RequestMethod.POST})
                public void notified() { }                                          // a webhook (POST allowed)
            }
            interface DailyTask { void execute(); }
            class Billing implements DailyTask { public void execute() { } }
            class Cleanup implements DailyTask { public void execute() { } }
            class Daily {
                List<DailyTask> tasks;
                Billing billing;
                @XxlJob("daily")
                public void run() {
                    for (DailyTask t : tasks) { t.execute(); }
                }
            }
            """;

    @Test
    void entryPointsRecognisedByWhatTheCodeDoes() throws Exception {
        Project p = SummaryFixture.scan(tmp, mainJava("Timers", BY_WHAT_THEY_DO));
        Semantics sem = p.semantics();
        // () -> poll() only calls poll(), as this::sweep names sweep(): each is the job, start() only registers them
        assertThat(sem.entryPoint(method(p, "start"))).isNull();
        assertThat(sem.entryPoint(method(p, "poll"))).startsWith("a task handed to scheduleWithFixedDelay() in "
                + "Timers.start()");
        assertThat(sem.entryPoint(method(p, "sweep"))).startsWith("a task handed to scheduleAtFixedRate() in "
                + "Timers.start()");
        assertThat(sem.entryPoint(method(p, "once"))).isNull();
        assertThat(sem.reachableFromEntryPoints()).contains(method(p, "poll").method());
        assertThat(sem.entryRegistration(method(p, "poll"))).satisfies(l -> {
            assertThat(l.startLine()).isEqualTo(11);
            assertThat(l.label()).isEqualTo("ses.scheduleWithFixedDelay() in Timers.start() runs Timers.poll(): the "
                    + "job is registered here");
        });
        assertThat(sem.entryRegistration(method(p, "serve"))).as("a thread loop is registered nowhere").isNull();

        assertThat(sem.entryPoint(method(p, "serve"))).startsWith("a thread loop (while (running)");
        assertThat(sem.entryPoint(method(p, "retry"))).isNull();
        assertThat(sem.entryPoint(method(p, "spin"))).isNull();

        assertThat(sem.entryPoint(method(p, "settle"))).contains("an HTTP endpoint an outside scheduler calls")
                .contains("\"jobs\"");
        assertThat(sem.entryPoint(method(p, "delete"))).isNull();
        assertThat(sem.entryPoint(method(p, "paid"))).startsWith("a webhook endpoint (/api /pay/callback");
        assertThat(sem.redelivered(method(p, "paid"))).startsWith("a webhook endpoint");
        assertThat(sem.entryPoint(method(p, "login"))).isNull();
        assertThat(sem.entryPoint(method(p, "notified"))).startsWith("a webhook endpoint");
        assertThat(sem.redelivered(method(p, "settle"))).as("a cron endpoint is not delivered again").isNull();

        assertThat(sem.entryPoint(method(p, "Billing.execute"))).startsWith("a handler the job Daily.run() "
                + "dispatches to");
        assertThat(sem.entryPoint(method(p, "Cleanup.execute"))).startsWith("a handler the job Daily.run()");
    }
}
