package io.idemcheck.core.summary;

import io.idemcheck.core.facts.LoopFact;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.model.Project;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static io.idemcheck.core.summary.SummaryFixture.mainJava;
import static io.idemcheck.core.summary.SummaryFixture.method;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link Loops}: whether a loop iterates rows selected through a mapper, DAO, repository or JDBC cursor (a batch over
 * work items), and whether it iterates a tiny literal collection written in the code (a fixed number of steps); a
 * loop over a parameter, a counter or a larger literal is neither.
 */
class LoopsTest {

    @TempDir
    Path tmp;

    static final String SRC = """
            package com.acme;
            import java.sql.ResultSet;
            import java.util.Arrays;
            import java.util.List;
            public class Batch {
                private TaskMapper taskMapper;
                private Helper helper;
                public void direct() {
                    for (Task t : taskMapper.selectPending()) { }                    // rows
                }
                public void throughLocal() {
                    List<Task> rows = taskMapper.selectPending();
                    for (Task t : rows) { }                                          // rows
                }
                public void cursor(ResultSet rs) throws Exception {
                    while (rs.next()) { }                                            // rows: a JDBC cursor
                }
                public void parameter(List<Task> tasks) {
                    for (Task t : tasks) { }                                         // negative
                }
                public void notDataAccess() {
                    for (Task t : helper.tasks()) { }                                // negative
                }
                public void counter(int n) {
                    for (int i = 0; i < n; i++) { }                                  // negative
                }
                public void literals() {
                    for (String s : List.of("a", "b")) { }                           // literal of 2
                    for (String s : new String[] {"a", "b", "c", "d", "e"}) { }     // array initializer
                    List<String> steps = Arrays.asList("x", "y", "z");
                    for (String s : steps) { }                                       // literal through a local
                    steps.forEach(s -> { });                                         // literal, lambda loop
                    for (String s : List.of("a", "b", "c", "d")) { }                // negative for max 3
                    for (Task t : taskMapper.selectPending()) { }                    // negative
                }
                public void lambdaRows() {
                    List<Task> rows = taskMapper.selectPending();
                    rows.forEach(t -> { });                                          // rows, lambda loop
                }
            }
            interface TaskMapper { List<Task> selectPending(); }
            class Helper { List<Task> tasks() { return List.of(); } }
            class Task { }
            """;

    private Project p;

    @BeforeEach
    void scan() throws Exception {
        p = SummaryFixture.scan(tmp, mainJava("Batch", SRC));
    }

    private LoopFact loop(String method, int n) {
        return method(p, method).method().body().loops().get(n);
    }

    private boolean overRows(String method, int n) {
        MethodRef m = method(p, method);
        return p.semantics().loopOverSelectedRows(m, loop(method, n));
    }

    private boolean overLiteral(String method, int n, int max) {
        return p.semantics().loopOverLiteral(method(p, method), loop(method, n), max);
    }

    @Test
    void aLoopOverRowsReadThroughDataAccessIsABatch() {
        assertThat(overRows("direct", 0)).isTrue();
        assertThat(overRows("throughLocal", 0)).isTrue();
        assertThat(overRows("cursor", 0)).isTrue();
        assertThat(overRows("parameter", 0)).isFalse();
        assertThat(overRows("notDataAccess", 0)).isFalse();
        assertThat(overRows("counter", 0)).isFalse();
        assertThat(overRows("literals", 0)).isFalse();
    }

    @Test
    void aTinyLiteralCollectionIsAFixedNumberOfSteps() {
        assertThat(loop("literals", 3).kind()).isEqualTo("lambda:forEach");
        assertThat(overLiteral("literals", 0, 3)).isTrue();
        assertThat(overLiteral("literals", 1, 3)).as("an array initializer, whatever its length").isTrue();
        assertThat(overLiteral("literals", 2, 3)).isTrue();
        assertThat(overLiteral("literals", 3, 3)).isTrue();
        assertThat(overLiteral("literals", 4, 3)).isFalse();
        assertThat(overLiteral("literals", 4, 4)).isTrue();
        assertThat(overLiteral("literals", 5, 3)).isFalse();
        assertThat(overLiteral("parameter", 0, 3)).isFalse();
        assertThat(overLiteral("throughLocal", 0, 3)).isFalse();
    }

    @Test
    void aForEachOverSelectedRowsIsABatch() {
        assertThat(loop("lambdaRows", 0).kind()).isEqualTo("lambda:forEach");
        assertThat(overRows("lambdaRows", 0)).isTrue();
    }
}
