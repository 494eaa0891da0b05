package io.idemcheck.core.index;

import io.idemcheck.core.engine.ScanFixture;
import io.idemcheck.core.model.Project;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link ProjectIndex#call}: one call resolved alone, through the calls its receiver chain names, gives what
 * {@link ProjectIndex#calls} gives for it, before and after the method's calls are resolved.
 */
class CallAloneTest {

    @TempDir
    Path tmp;

    static final String MAIN = """
            package com.acme;
            public class Job {
                private Stores stores;
                public void run(long id) {
                    log(id);
                    stores.primary().mark(id);
                    stores.primary().backup().mark(id + 1);
                    Checks.require(id > 0, "id");
                }
                private void log(long id) {
                }
            }
            interface Stores {
                Store primary();
            }
            interface Store {
                void mark(long id);
                Store backup();
            }
            class DbStore implements Store {
                public void mark(long id) {
                }
                public Store backup() {
                    return this;
                }
            }
            class Checks {
                static void require(boolean ok, String what) {
                    if (!ok) throw new IllegalArgumentException(what);
                }
            }
            """;

    @Test
    void aCallResolvedAloneIsTheCallResolvedWithItsMethod() throws Exception {
        Project p = ScanFixture.project(tmp, "src/main/java/com/acme/Job.java", MAIN);
        MethodRef run = p.index().methods().stream().filter(m -> m.method().name().equals("run")).findFirst()
                .orElseThrow();
        int n = run.method().body().calls().size();
        CallTarget[] alone = new CallTarget[n];
        for (int i = n - 1; i >= 0; i--) { // last first: the chains are resolved on demand
            alone[i] = p.index().call(run, i);
        }
        List<CallTarget> all = p.index().calls(run);
        for (int i = 0; i < n; i++) {
            assertThat(alone[i].targets()).isEqualTo(all.get(i).targets());
            assertThat(alone[i].receiverType()).isEqualTo(all.get(i).receiverType());
            assertThat(alone[i].declared()).isEqualTo(all.get(i).declared());
            assertThat(p.index().call(run, i)).isSameAs(all.get(i));
        }
        assertThat(all).extracting(t -> t.call().name()).contains("mark", "backup", "require");
        assertThat(all.stream().filter(t -> t.call().name().equals("mark")).toList())
                .allMatch(t -> t.targets().stream().anyMatch(m -> m.type().simpleName().equals("DbStore")));
    }
}
