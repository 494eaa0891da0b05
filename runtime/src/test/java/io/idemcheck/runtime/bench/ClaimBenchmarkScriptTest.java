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
 * {@code runtime/bench/run-claim-benchmark.sh} takes the key=value arguments its usage documents and refuses arguments it does not know, in one line and with exit code 2,
 * before it builds anything. {@code mvn} and {@code java} are stubs on the PATH here (exit 3), so no benchmark runs.
 */
class ClaimBenchmarkScriptTest {
    private static final Path SCRIPT = Paths.get("bench", "run-claim-benchmark.sh");

    @TempDir
    Path stubs;

    private BenchScripts.Run run(String... args) throws IOException, InterruptedException {
        return BenchScripts.run(stubs, SCRIPT, args);
    }

    @Test
    void theDocumentedKeyValueSyntaxReachesTheBuildAndHelpPrintsTheUsage() throws Exception {
        // before: "tasks=30" reached Integer.parseInt and died with a NumberFormatException stack trace
        BenchScripts.Run ok = run("tasks=30", "threads=2", "databases=h2");
        assertThat(ok.out()).containsExactly("STUB-CALLED mvn");
        assertThat(ok.code()).isEqualTo(3);
        BenchScripts.Run help = run("--help");
        assertThat(help.code()).isZero();
        assertThat(help.out()).containsExactly(
                "usage: run-claim-benchmark.sh [tasks=N] [threads=N] [databases=postgresql,mariadb,h2]");
    }

    @Test
    void positionalUnknownRepeatedAndBadArgumentsAreRefusedUpFrontInOneLineWithExitCode2() throws Exception {
        String[][] cases = {
                {"-5", "unknown argument '-5'"}, {"30", "unknown argument '30'"}, {"task=5", "unknown argument 'task=5'"},
                {"batch=5", "unknown argument 'batch=5'"},
                {"tasks=-5", "bad value '-5' for tasks"}, {"tasks=0", "bad value '0' for tasks"},
                {"tasks=abc", "bad value 'abc' for tasks"}, {"threads=300", "bad value '300' for threads"},
                {"threads=", "bad value '' for threads: empty"}, {"databases=foo", "bad value 'foo' for databases"},
                {"databases=h2,", "bad value 'h2,' for databases"},
                {"databases=h2,h2", "bad value 'h2,h2' for databases: 'h2' is listed twice"}};
        for (String[] c : cases) {
            BenchScripts.Run r = run(c[0]);
            assertThat(r.code()).as(c[0]).isEqualTo(2);
            assertThat(r.err()).as(c[0]).hasSize(1);
            assertThat(r.err().get(0)).as(c[0]).startsWith("run-claim-benchmark.sh: " + c[1])
                    .doesNotContain("Exception").doesNotContain("\tat ");
            assertThat(r.out()).as(c[0] + ": nothing built or run").isEmpty();
        }
        BenchScripts.Run rep = run("tasks=30", "tasks=40");
        assertThat(rep.code()).isEqualTo(2);
        assertThat(rep.err()).containsExactly(
                "run-claim-benchmark.sh: repeated argument 'tasks=40': tasks given twice (--help for the usage)");
    }
}
