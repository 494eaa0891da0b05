package io.idemcheck.core.summary;

import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.model.Project;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Set;

import static io.idemcheck.core.summary.SummaryFixture.mainJava;
import static io.idemcheck.core.summary.SummaryFixture.method;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link Dataflow}: the roots of names through local variables' sources, the names that stand for the item
 * (parameters, loop variables, locals read from something inside a loop, not constants declared there), and the
 * names that change with each iteration of a loop.
 */
class DataflowTest {

    @TempDir
    Path tmp;

    static final String SRC = """
            package com.acme;
            import java.util.List;
            import java.util.Queue;
            public class Flow {
                public void run(List<Task> tasks, String region) {
                    String prefix = "pay";
                    for (Task t : tasks) {
                        long id = t.getId();
                        String key = prefix + ":" + id;
                        String label = "fixed";
                        use(key, label);
                    }
                }
                public void drain(Queue<Task> queue) {
                    while (!queue.isEmpty()) {
                        Task t = queue.poll();
                        String constant = "x";
                        use(t, constant);
                    }
                }
                public void polled(Queue<Task> queue) {
                    Task t;
                    while ((t = queue.poll()) != null) {
                        use(t, "");
                    }
                }
                void use(Object a, Object b) { }
            }
            class Task { long id; long getId() { return id; } }
            """;

    @Test
    void rootsFollowLocalsBackToWhatTheyAreReadFrom() throws Exception {
        Project p = SummaryFixture.scan(tmp, mainJava("Flow", SRC));
        MethodRef run = method(p, "run");
        assertThat(Dataflow.roots(run, Set.of("key"))).containsExactlyInAnyOrder("key", "prefix", "id", "t", "tasks");
        assertThat(Dataflow.roots(run, Set.of("label"))).containsExactly("label");
        assertThat(Dataflow.roots(run, Set.of("region"))).as("a parameter is its own root").containsExactly("region");
        assertThat(Dataflow.roots(run, Set.of())).isEmpty();
        assertThat(Dataflow.isVariable(run, "key")).isTrue();
        assertThat(Dataflow.isVariable(run, "tasks")).isTrue();
        assertThat(Dataflow.isVariable(run, "restTemplate")).isFalse();
    }

    @Test
    void theItemIsParametersLoopVariablesAndLocalsReadInLoops() throws Exception {
        Project p = SummaryFixture.scan(tmp, mainJava("Flow", SRC));
        assertThat(Dataflow.itemNames(method(p, "run")))
                .containsExactlyInAnyOrder("tasks", "region", "t", "id", "key")
                .as("constants declared in or before the loop").doesNotContain("label", "prefix");
        assertThat(Dataflow.itemNames(method(p, "drain"))).containsExactlyInAnyOrder("queue", "t");
    }

    @Test
    void iterationNamesAreTheLoopsVariablesOrElseTheLocalsItReads() throws Exception {
        Project p = SummaryFixture.scan(tmp, mainJava("Flow", SRC));
        MethodRef run = method(p, "run");
        assertThat(Dataflow.iterationNames(run, run.method().body().loops().get(0))).containsExactly("t");
        MethodRef drain = method(p, "drain");
        assertThat(Dataflow.iterationNames(drain, drain.method().body().loops().get(0))).containsExactly("t");
        MethodRef polled = method(p, "polled");
        assertThat(Dataflow.iterationNames(polled, polled.method().body().loops().get(0)))
                .as("assigned in the while condition").containsExactly("t");
    }
}
