package io.idemcheck.core.summary;

import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.model.Project;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static io.idemcheck.core.summary.SummaryFixture.method;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link TestEvidence}: the scanned project's test methods, what they run (calls, {@code new Type().m()}, the
 * kill-midway harness's job main), how often, whether they simulate a crash or inject a fault on the record call, and
 * whether they assert on counts; a method in main code, a test that runs something else, and a test without a crash
 * or a count assertion are the negatives.
 */
class TestEvidenceTest {

    @TempDir
    Path tmp;

    static final String MAIN = """
            package com.acme;
            public class Job {
                private TaskDao dao;
                public void run(long id) {
                    step(id);
                    dao.markDone(id);
                }
                void step(long id) { }
                public void other() { }
                public void prepare() { }
                @org.junit.jupiter.api.Test
                public void notATest() { }                                           // negative: main code
                public static void main(String[] args) {
                    new Job().run(1L);
                }
            }
            interface TaskDao { void markDone(long id); }
            """;

    static final String TESTS = """
            package com.acme;
            import static org.mockito.Mockito.doThrow;
            import static org.mockito.Mockito.mock;
            import static org.mockito.Mockito.when;
            import static org.assertj.core.api.Assertions.assertThat;
            import static org.junit.jupiter.api.Assertions.assertNotNull;
            import org.junit.jupiter.api.BeforeEach;
            import org.junit.jupiter.api.Test;
            class JobTest {
                private Job job = new Job();
                private TaskDao dao = mock(TaskDao.class);
                @BeforeEach
                void setUp() {
                    job.prepare();
                }
                @Test
                void runsTwiceAndCounts() {
                    job.run(1L);
                    job.run(1L);
                    assertThat(job).isNotNull();
                }
                @Test
                void inALoop() {
                    for (int i = 0; i < 3; i++) {
                        new Job().run(i);
                    }
                }
                @Test
                void runsOther() {
                    job.other();
                    assertNotNull(job);                                              // negative: not a count
                }
                @Test
                void mockitoDoThrow() {
                    doThrow(new RuntimeException()).when(dao).markDone(1L);
                    job.run(1L);
                }
                @Test
                void mockitoThenThrow() {
                    when(dao.markDone(1L)).thenThrow(new RuntimeException());
                    job.run(1L);
                }
                @Test
                void hook() {
                    FakeDao fake = new FakeDao();
                    fake.failOnUpdate();
                    job.run(1L);
                }
                @Test
                void fake() {
                    FakeDao fake = new FakeDao();
                    job.run(1L);
                }
                @Test
                void crashPoint() {
                    io.idemcheck.runtime.test.CrashPoints.arm("after-charge");
                    job.run(1L);
                }
                void helper() { }                                                    // negative: no @Test
            }
            class FakeDao implements TaskDao {
                boolean failNext;
                void failOnUpdate() { failNext = true; }
                public void markDone(long id) {
                    if (failNext) {
                        throw new IllegalStateException();
                    }
                }
            }
            """;

    static final String HARNESS = """
            package com.acme;
            import io.idemcheck.runtime.test.KillMidwayTest;
            class HarnessTest {
                @KillMidwayTest(job = Job.class)
                void killed() { }
                @org.junit.jupiter.api.Test
                void spec() {
                    JobSpec.of(Job.class);
                }
            }
            class JobSpec { static JobSpec of(Class<?> c) { return new JobSpec(); } }
            """;

    private Project p;
    private TestEvidence ev;

    @BeforeEach
    void scan() throws Exception {
        p = SummaryFixture.scan(tmp, "src/main/java/com/acme/Job.java", MAIN,
                "src/test/java/com/acme/JobTest.java", TESTS, "src/test/java/com/acme/HarnessTest.java", HARNESS);
        ev = new TestEvidence(p.index());
    }

    private MethodRef test(String name) {
        return method(p, name);
    }

    @Test
    void testMethodsAreAnnotatedMethodsInTestCode() {
        assertThat(ev.anyTestSources()).isTrue();
        assertThat(ev.tests()).extracting(m -> m.method().name()).containsExactlyInAnyOrder("runsTwiceAndCounts",
                "inALoop", "runsOther", "mockitoDoThrow", "mockitoThenThrow", "hook", "fake", "crashPoint", "killed",
                "spec");
        assertThat(ev.setups(test("runsTwiceAndCounts"))).extracting(m -> m.method().name())
                .containsExactly("setUp");
        assertThat(ev.setups(test("killed"))).isEmpty();
    }

    @Test
    void whatATestRunsAndHowOften() {
        MethodRef run = method(p, "run");
        MethodRef step = method(p, "step");
        assertThat(ev.reach(test("runsTwiceAndCounts"))).contains(run, step);
        assertThat(ev.reaches(test("runsTwiceAndCounts"), step)).isTrue();
        assertThat(ev.reaches(test("inALoop"), run)).as("new Job().run(..)").isTrue();
        assertThat(ev.reaches(test("runsOther"), run)).isFalse();
        assertThat(ev.reaches(test("killed"), run)).as("@KillMidwayTest(job = Job.class) runs Job.main").isTrue();
        assertThat(ev.reaches(test("spec"), run)).as("JobSpec.of(Job.class)").isTrue();
        assertThat(ev.reach(test("killed"))).contains(method(p, "main"));

        assertThat(ev.testsReaching(List.of(step))).extracting(m -> m.method().name())
                .doesNotContain("runsOther").contains("runsTwiceAndCounts", "inALoop", "killed", "spec");
        assertThat(ev.testsReaching(List.of(method(p, "Job.other")))).extracting(m -> m.method().name())
                .containsExactly("runsOther");

        assertThat(ev.runs(test("runsTwiceAndCounts"), run)).isEqualTo(2);
        assertThat(ev.runs(test("inALoop"), run)).as("a call in a loop counts twice").isEqualTo(2);
        assertThat(ev.runs(test("mockitoDoThrow"), run)).isEqualTo(1);
        assertThat(ev.runs(test("runsOther"), run)).isZero();
    }

    @Test
    void crashesFaultsAndCountAssertions() {
        assertThat(ev.harnessCrash(test("killed"))).isEqualTo("@KillMidwayTest");
        assertThat(ev.harnessCrash(test("crashPoint")))
                .isEqualTo("a crash point (io.idemcheck.runtime.test.CrashPoints.arm(\"after-charge\"))");
        assertThat(ev.harnessCrash(test("runsTwiceAndCounts"))).isNull();

        assertThat(ev.recordFault(test("mockitoDoThrow"), "markDone")).isEqualTo("doThrow(..).when(..).markDone(..)");
        assertThat(ev.recordFault(test("mockitoThenThrow"), "markDone"))
                .isEqualTo("when(..markDone(..)).thenThrow(..)");
        assertThat(ev.recordFault(test("hook"), "markDone")).isEqualTo("failOnUpdate()");
        assertThat(ev.recordFault(test("fake"), "markDone")).isEqualTo("FakeDao.markDone() throwing when failNext");
        assertThat(ev.recordFault(test("runsTwiceAndCounts"), "markDone")).isNull();
        assertThat(ev.recordFault(test("mockitoDoThrow"), "markFailed")).as("another record").isNull();

        assertThat(ev.assertsCounts(test("runsTwiceAndCounts"))).isTrue();
        assertThat(ev.assertsCounts(test("runsOther"))).isFalse();
    }

    @Test
    void aTestReachesWhatItsSetupRuns() {
        assertThat(ev.reach(test("runsOther"))).contains(method(p, "prepare"));
        assertThat(ev.reaches(test("runsOther"), method(p, "prepare"))).as("the same answer as reach").isTrue();
        assertThat(ev.testsReaching(List.of(method(p, "prepare")))).contains(test("runsOther"));
    }

    /**
     * A count asserted only in the setup does not count: the setup runs before the test runs the job, so it counts
     * none of the job's effects (IDEM007 wants counts asserted after the job ran again).
     */
    @Test
    void aCountAssertedOnlyInTheSetupDoesNotCount() throws Exception {
        String t = """
                package com.acme;
                import static org.junit.jupiter.api.Assertions.assertEquals;
                class SetupTest {
                    @org.junit.jupiter.api.BeforeEach
                    void setUp() { assertEquals(0, 0); }
                    @org.junit.jupiter.api.Test
                    void t() { new Job().other(); }
                }
                """;
        Project sp = SummaryFixture.scan(tmp.resolve("s"), "src/main/java/com/acme/Job.java", MAIN,
                "src/test/java/com/acme/SetupTest.java", t);
        assertThat(new TestEvidence(sp.index()).assertsCounts(method(sp, "SetupTest.t"))).isFalse();
    }
}
