package io.idemcheck.runtime.test;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A JUnit Jupiter test that runs {@link #job()} in a child JVM, SIGKILLs it at {@link #crashPoint()}, runs the test
 * class's {@link KillMidwayRecovery} method (if any), restarts the job without the crash point, and then runs the
 * test method, which may take a {@link KillMidwayRun} parameter to assert exit codes, output and the job's effects.
 *
 * <p>The scenario runs after the {@code @BeforeEach} methods (so they can create tables and test data). Strings in
 * {@link #args()} and {@link #jvmArgs()} may contain {@code ${name}} placeholders, filled from the test class's
 * {@link KillMidwayVariables} method, then from system properties. Every child is killed after the test at the
 * latest.
 *
 * <pre>{@code
 * @KillMidwayTest(job = NoonJobMain.class, crashPoint = "after-charge", args = {"${jdbcUrl}"})
 * void chargesOnceAcrossACrash(KillMidwayRun run) {
 *     assertThat(run.restartExitCode()).isZero();
 *     assertThat(gateway.chargesFor(task)).isEqualTo(1);
 * }
 * }</pre>
 */
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Test
@ExtendWith(KillMidwayExtension.class)
public @interface KillMidwayTest {
    /** @return the job's main class (run in a child JVM with the test's class path) */
    Class<?> job();

    /** @return the crash point to kill the first child at (see {@code io.idemcheck.runtime.CrashPoints}) */
    String crashPoint();

    /** @return program arguments for both children; {@code ${name}} placeholders allowed */
    String[] args() default {};

    /** @return extra JVM options for both children (e.g. {@code -Dkey=value}); placeholders allowed */
    String[] jvmArgs() default {};

    /** @return timeout of every wait, in seconds */
    long timeoutSeconds() default 60;

    /** @return whether to restart the job after the kill and the recovery */
    boolean restart() default true;
}
