package io.idemcheck.runtime.test;

import io.idemcheck.runtime.CrashPoints;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The harness itself: SIGKILL, pids, timeouts, the extension, placeholders and the recovery hook. */
@ExtendWith(KillMidwayExtension.class)
class HarnessSelfTest {

    /** Child: prints its arguments, hits "mid", prints "finished", exits with code {@code exit=<n>} (default 0). */
    public static final class EchoJob {
        public static void main(String[] args) throws Exception {
            int exit = 0;
            for (String a : args) {
                System.out.println("ARG " + a);
                if (a.startsWith("exit=")) {
                    exit = Integer.parseInt(a.substring(5));
                }
                if (a.equals("sleep")) {
                    Thread.sleep(60_000);
                }
            }
            CrashPoints.hit("mid");
            System.out.println("finished");
            System.exit(exit);
        }
    }

    private Path marker;

    @KillMidwayVariables
    Map<String, String> variables() throws Exception {
        marker = Files.createTempFile("kill-midway", ".txt");
        return Map.of("greeting", "hello", "exitCode", "3");
    }

    @KillMidwayRecovery
    void recover(ChildResult crashed) throws Exception {
        Files.writeString(marker, "recovered after pid " + crashed.pid());
    }

    @KillMidwayTest(job = EchoJob.class, crashPoint = "mid", args = {"${greeting}", "exit=${exitCode}"},
            jvmArgs = "-Dsome.flag=${greeting}", timeoutSeconds = 30)
    void annotationRunsTheWholeScenario(KillMidwayRun run) throws Exception {
        assertThat(run.crashPoint()).isEqualTo("mid");
        assertThat(run.crashed().killed()).isTrue();
        assertThat(run.crashExitCode()).as("SIGKILL").isEqualTo(ChildResult.SIGKILL_EXIT_CODE);
        assertThat(run.crashed().stdoutLines()).containsExactly("ARG hello", "ARG exit=3", "IDEMCHECK-CRASHPOINT mid");
        assertThat(run.recovered()).isTrue();
        assertThat(Files.readString(marker)).isEqualTo("recovered after pid " + run.crashed().pid());
        assertThat(run.restarted().killed()).isFalse();
        assertThat(run.restartExitCode()).isEqualTo(3);
        assertThat(run.restarted().stdoutLines()).containsExactly("ARG hello", "ARG exit=3", "finished");
        assertThat(run.crashed().pid()).isPositive().isNotEqualTo(run.restarted().pid());
    }

    @Test
    void crashPointThatIsNeverReachedFailsWithTheOutput(KillMidwayHarness h) {
        assertThatThrownBy(() -> h.crashAt(JobSpec.of(EchoJob.class).withArgs("x"), "elsewhere"))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("child exited before printing the line 'IDEMCHECK-CRASHPOINT elsewhere'")
                .hasMessageContaining("ARG x").hasMessageContaining("finished");
    }

    @Test
    void everyWaitHasATimeoutAndKillsTheChild() {
        try (KillMidwayHarness h = new KillMidwayHarness(Duration.ofSeconds(2))) {
            long t = System.nanoTime();
            assertThatThrownBy(() -> h.crashAt(JobSpec.of(EchoJob.class).withArgs("sleep"), "mid"))
                    .isInstanceOf(AssertionError.class).hasMessageContaining("timeout after 2000 ms");
            assertThat(Duration.ofNanos(System.nanoTime() - t)).isLessThan(Duration.ofSeconds(20));
        }
        assertThat(ChildJvm.liveChildren()).isZero();
    }

    @Test
    void pauseAndResumeUseSignals(KillMidwayHarness h) throws Exception {
        ChildJvm c = h.start("paused", JobSpec.of(EchoJob.class).withArgs("a").withCrashPoint("mid"));
        c.awaitCrashPoint("mid", Duration.ofSeconds(30));
        c.pause();
        // SIGSTOP is delivered asynchronously: the state turns to T (stopped) shortly after kill -STOP returns
        String state = procState(c.pid());
        for (int i = 0; i < 100 && !state.equals("T"); i++) {
            Thread.sleep(20);
            state = procState(c.pid());
        }
        assertThat(state).isEqualTo("T");
        c.resume();
        assertThat(c.isAlive()).isTrue();
        assertThat(c.kill().exitCode()).isEqualTo(ChildResult.SIGKILL_EXIT_CODE);
    }

    private static String procState(long pid) throws java.io.IOException {
        String stat = Files.readAllLines(Path.of("/proc/" + pid + "/stat")).get(0);
        return stat.substring(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    }

    @Test
    void placeholdersFailLoudlyWhenUnknown() {
        assertThatThrownBy(() -> KillMidwayExtension.resolve(new String[]{"${nope}"}, Map.of()))
                .hasMessageContaining("${nope}");
        assertThat(KillMidwayExtension.resolve(new String[]{"a=${x}-${x}"}, Map.of("x", "$1"))).containsExactly("a=$1-$1");
    }
}
