package io.idemcheck.core.summary;

import io.idemcheck.core.engine.Analyzer;
import io.idemcheck.core.engine.ProgressListener;
import io.idemcheck.core.engine.ScanRequest;
import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.model.Project;
import io.idemcheck.core.rule.Rule;
import io.idemcheck.core.rule.RuleContext;
import io.idemcheck.core.rule.RuleInfo;
import io.idemcheck.core.rule.RuleRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Transitive summaries over a call graph full of cycles terminate, with answers that do not depend on which method
 * was asked first. A cluster of methods that all call each other made DatabaseWrites overflow the stack (issue 14:
 * IDEM004 died with a StackOverflowError on apache/dolphinscheduler's WorkflowInstanceServiceImpl): its cycle guard
 * dropped the caller's in-progress mark on meeting a cycle, so the same methods were entered again and again.
 */
class CallCycleTest {

    @TempDir
    Path tmp;

    @RuleInfo(id = "IDEM997", name = "CaptureCycles", summary = "captures the project", severity = Severity.NOTE)
    static final class Capture implements Rule {
        final AtomicReference<Project> project = new AtomicReference<>();

        @Override
        public void check(RuleContext ctx) {
            project.set(ctx.project());
        }
    }

    @Test
    void aClusterOfMutuallyRecursiveMethodsIsSummarisedWithoutOverflow() throws Exception {
        int n = 40;
        StringBuilder src = new StringBuilder("package com.acme;\npublic class Cluster {\n    private Repo repo;\n");
        for (int i = 0; i < n; i++) {
            src.append("    void m").append(i).append("(int x) {\n");
            for (int j = 0; j < n; j++) {
                if (j != i) {
                    src.append("        m").append(j).append("(x);\n");
                }
            }
            src.append("    }\n");
        }
        src.append("    void writer(int x) {\n        m0(x);\n        repo.updateStatus(x);\n    }\n}\n");
        Path dir = Files.createDirectories(tmp.resolve("src/main/java/com/acme"));
        Files.writeString(dir.resolve("Cluster.java"), src.toString());
        Files.writeString(dir.resolve("Repo.java"),
                "package com.acme;\n@org.apache.ibatis.annotations.Mapper\npublic interface Repo {\n"
                        + "    int updateStatus(int id);\n}\n");
        Capture capture = new Capture();
        new Analyzer().scan(new ScanRequest(List.of(tmp), tmp, 1, RuleRegistry.of(List.of(capture)),
                ProgressListener.NONE));
        Project p = capture.project.get();
        Semantics sem = p.semantics();
        for (MethodRef m : p.index().methods()) {
            if (m.method().name().startsWith("m")) {
                assertThat(sem.methodWritesDatabase(m)).as(m.id()).isFalse();
            }
        }
        MethodRef writer = p.index().methodsNamed("writer").get(0);
        assertThat(sem.methodWritesDatabase(writer)).isTrue();
    }
    /**
     * {@code a} calls {@code b} and then writes; {@code b} calls {@code a}. Asked first, {@code a} used to reach
     * {@code b}, meet itself still in progress, and memoise "{@code b} does not write"; asked first, {@code b} was
     * found to write. Rules running in parallel ask in any order, so IDEM002 and IDEM004 came and went between runs.
     * Both orders now give the exact answer: both write.
     */
    @Test
    void whetherAMethodInACycleWritesDoesNotDependOnWhichWasAskedFirst() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("src/main/java/com/acme"));
        Files.writeString(dir.resolve("Pair.java"), String.join("\n",
                "package com.acme;",
                "public class Pair {",
                "    private Repo repo;",
                "    void a(int x) {",
                "        b(x);",
                "        repo.updateStatus(x);",
                "    }",
                "    void b(int x) {",
                "        if (x > 0) {",
                "            a(x - 1);",
                "        }",
                "    }",
                "}", ""));
        Files.writeString(dir.resolve("Repo.java"),
                "package com.acme;\n@org.apache.ibatis.annotations.Mapper\npublic interface Repo {\n"
                        + "    int updateStatus(int id);\n}\n");
        for (List<String> order : List.of(List.of("a", "b"), List.of("b", "a"))) {
            Capture capture = new Capture();
            new Analyzer().scan(new ScanRequest(List.of(tmp), tmp, 1, RuleRegistry.of(List.of(capture)),
                    ProgressListener.NONE));
            Semantics sem = capture.project.get().semantics();
            for (String name : order) {
                MethodRef m = capture.project.get().index().methodsNamed(name).get(0);
                assertThat(sem.methodWritesDatabase(m)).as(name + " asked in order " + order).isTrue();
            }
        }
    }
}
