package io.idemcheck.runtime;

import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class CrashPointsTest {

    /** Child JVM entry point: hits "one", then "two", then prints "passed". */
    public static final class Child {
        public static void main(String[] args) {
            CrashPoints.hit("one");
            System.out.println("after-one");
            CrashPoints.hit("two");
            System.out.println("passed");
        }
    }

    @Test
    void unarmedHitReturnsImmediately() {
        assertThat(CrashPoints.armed()).isNull();
        long t = System.nanoTime();
        for (int i = 0; i < 1_000_000; i++) {
            CrashPoints.hit(CrashPoints.AFTER_CLAIM);
        }
        assertThat(System.nanoTime() - t).isLessThan(TimeUnit.SECONDS.toNanos(2));
    }

    @Test
    void armedPointAnnouncesItselfAndBlocksUntilKilled() throws Exception {
        Process p = child("two");
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            assertThat(r.readLine()).isEqualTo("after-one");
            assertThat(r.readLine()).isEqualTo("IDEMCHECK-CRASHPOINT two");
            assertThat(p.waitFor(500, TimeUnit.MILLISECONDS)).as("blocked at the point").isFalse();
            assertThat(r.ready()).as("nothing printed after the point").isFalse();
            p.destroyForcibly();
            assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void otherPointsPassWhenAnotherIsArmed() throws Exception {
        Process p = child("elsewhere");
        try {
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(out.lines()).containsExactly("after-one", "passed");
            assertThat(p.exitValue()).isZero();
        } finally {
            p.destroyForcibly();
        }
    }

    private static Process child(String armed) throws Exception {
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        return new ProcessBuilder(java, "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-D" + CrashPoints.PROPERTY + "=" + armed,
                "-cp", System.getProperty("java.class.path"), Child.class.getName())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
    }
}
