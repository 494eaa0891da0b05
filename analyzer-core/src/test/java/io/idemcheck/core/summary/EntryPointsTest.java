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
}
