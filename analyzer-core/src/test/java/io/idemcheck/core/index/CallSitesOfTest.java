package io.idemcheck.core.index;

import io.idemcheck.core.engine.ScanFixture;
import io.idemcheck.core.model.Project;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link ProjectIndex#callSitesOf}: the main-code calls that may run a method, in index order and then call order,
 * through interface dispatch; test code and methods nothing calls give none.
 */
class CallSitesOfTest {

    @TempDir
    Path tmp;

    static final String MAIN = """
            package com.acme;
            public class Job {
                private Store store;
                public void run(long id) {
                    store.mark(id);
                    log(id);
                    store.mark(id + 1);
                }
                public void again(long id) {
                    store.mark(id);
                }
                private void log(long id) {
                }
            }
            interface Store {
                void mark(long id);
            }
            class DbStore implements Store {
                public void mark(long id) {
                }
            }
            """;

    static final String TEST = """
            package com.acme;
            public class JobTest {
                private Store store;
                public void aTest() {
                    store.mark(1);
                    new Job().run(1);
                }
            }
            """;

    private static MethodRef method(Project p, String type, String name) {
        return p.index().methods().stream().filter(m -> m.type().simpleName().equals(type)
                && m.method().name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void theCallsThatMayRunAMethodInIndexThenCallOrderMainCodeOnly() throws Exception {
        Project p = ScanFixture.project(tmp, "src/main/java/com/acme/Job.java", MAIN,
                "src/test/java/com/acme/JobTest.java", TEST);
        // the implementation is reached through the interface: three calls, two in run(), one in again()
        assertThat(p.index().callSitesOf(method(p, "DbStore", "mark")))
                .extracting(s -> s.caller().method().name() + ":" + s.via().text())
                .containsExactly("run:store.mark(id)", "run:store.mark(id + 1)", "again:store.mark(id)");
        assertThat(p.index().callSitesOf(method(p, "Job", "log")))
                .extracting(s -> s.caller().method().name() + "@" + s.via().range().line())
                .containsExactly("run@6");
        // the test calls run() and mark(); test code calls nothing here
        assertThat(p.index().callSitesOf(method(p, "Job", "run"))).isEmpty();
        assertThat(p.index().callSitesOf(method(p, "Job", "again"))).isEmpty();
    }
}
