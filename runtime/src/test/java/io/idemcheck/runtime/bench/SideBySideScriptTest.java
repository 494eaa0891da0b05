package io.idemcheck.runtime.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code runtime/bench/run-side-by-side.sh} refuses arguments it does not know, in one line and with exit code 2,
 * before it builds anything. {@code mvn} and {@code java} are stubs on the PATH here (exit 3), so no benchmark runs.
 */
class SideBySideScriptTest {
    private static final Path SCRIPT = Paths.get("bench", "run-side-by-side.sh");

    @TempDir
    Path stubs;

    private BenchScripts.Run run(String... args) throws IOException, InterruptedException {
        return BenchScripts.run(stubs, SCRIPT, args);
    }

    @Test
    void positionalAndUnknownArgumentsAreRefusedInOneLineWithExitCode2() throws Exception {
        assertThat(Files.isRegularFile(SCRIPT)).as(SCRIPT.toAbsolutePath().toString()).isTrue();
        for (String[] args : new String[][]{{"1000", "2"}, {"task=5"}, {"tasks=10", "jvm=1"}}) {
            BenchScripts.Run r = run(args);
            String bad = args.length == 2 && args[0].equals("tasks=10") ? args[1] : args[0];
            assertThat(r.code()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(r.err()).as(String.join(" ", args)).hasSize(1);
            assertThat(r.err().get(0)).contains("unknown argument '" + bad + "'").contains("tasks threads batch");
            assertThat(r.out()).as("nothing built or run").isEmpty();
        }
    }

    @Test
    void badValuesAreRefusedUpFrontInOneLineNamingTheValueWithExitCode2() throws Exception {
        String[][] cases = {
                {"tasks=abc", "'abc' for tasks"}, {"tasks=-5", "'-5' for tasks"}, {"tasks=0", "'0' for tasks"},
                {"tasks=99999999999", "'99999999999' for tasks"}, {"batch=0", "'0' for batch"},
                {"threads=300", "'300' for threads"}, {"jvms=0", "'0' for jvms"}, {"jvms=1,,2", "'1,,2' for jvms"},
                {"databases=h2", "'h2' for databases"}, {"databases=postgresql,", "'postgresql,' for databases"},
                {"systems=foo", "'foo' for systems"}, {"systems=batch,foo", "'foo' for systems"},
                {"threads=", "'' for threads: empty"}, {"jvms=1,2,1", "'1,2,1' for jvms: '1' is listed twice"},
                {"systems=batch,batch", "'batch,batch' for systems: 'batch' is listed twice"}};
        for (String[] c : cases) {
            BenchScripts.Run r = run(c[0].startsWith("tasks=") ? "threads=2" : "tasks=200", c[0]);  // each key once
            assertThat(r.code()).as(c[0]).isEqualTo(2);
            assertThat(r.err()).as(c[0]).hasSize(1);
            assertThat(r.err().get(0)).as(c[0]).startsWith("run-side-by-side.sh: bad value " + c[1])
                    .doesNotContain("Exception").doesNotContain("\tat ");
            assertThat(r.out()).as(c[0] + ": nothing built or run").isEmpty();
        }
    }

    @Test
    void aRepeatedKeyIsRefusedNotLastWins() throws Exception {
        BenchScripts.Run r = run("tasks=200", "threads=2", "tasks=300");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).containsExactly(
                "run-side-by-side.sh: repeated argument 'tasks=300': tasks given twice (--help for the usage)");
        assertThat(r.out()).as("nothing built or run").isEmpty();
    }

    @Test
    void knownArgumentsReachTheBuildAndHelpPrintsTheUsage() throws Exception {
        BenchScripts.Run ok = run("tasks=200", "threads=2", "batch=50", "jvms=1,2", "databases=postgresql,mariadb",
                "systems=single,batch,db-scheduler");
        assertThat(ok.out()).containsExactly("STUB-CALLED mvn");
        assertThat(ok.code()).isEqualTo(3);
        BenchScripts.Run help = run("--help");
        assertThat(help.code()).isZero();
        assertThat(help.out()).hasSize(1);
        assertThat(help.out().get(0)).startsWith("usage: run-side-by-side.sh [tasks=N]");
    }
}
