package io.idemcheck.runtime.test;

import io.idemcheck.runtime.CrashPoints;

import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How to start a job in a child JVM: main class, program arguments, JVM options, environment, and optionally the
 * crash point to arm. Immutable; build one with {@link #of(Class)} / {@link #of(String)} and the {@code with...}
 * methods, each of which returns a copy.
 *
 * <p>Defaults: the {@code java} executable of {@code java.home}, the parent's {@code java.class.path} (under
 * Surefire that is its manifest-only booter jar, which carries the whole test class path), and the JVM options
 * {@link #FAST_START_JVM_ARGS}.
 */
public final class JobSpec {
    /** JVM options added to every child unless {@link #withoutFastStartOptions()}: they cut start-up time. */
    public static final List<String> FAST_START_JVM_ARGS =
            Collections.unmodifiableList(Arrays.asList("-Xshare:auto", "-XX:TieredStopAtLevel=1", "-Xmx64m"));

    private final String mainClass;
    private final List<String> args;
    private final List<String> jvmArgs;
    private final Map<String, String> env;
    private final String classpath;
    private final String java;
    private final String crashPoint;
    private final boolean fastStart;

    private JobSpec(String mainClass, List<String> args, List<String> jvmArgs, Map<String, String> env,
                    String classpath, String java, String crashPoint, boolean fastStart) {
        this.mainClass = mainClass;
        this.args = Collections.unmodifiableList(new ArrayList<>(args));
        this.jvmArgs = Collections.unmodifiableList(new ArrayList<>(jvmArgs));
        this.env = Collections.unmodifiableMap(new LinkedHashMap<>(env));
        this.classpath = classpath;
        this.java = java;
        this.crashPoint = crashPoint;
        this.fastStart = fastStart;
    }

    /**
     * @param mainClass a class with {@code public static void main(String[])}, on the parent's class path
     * @return a spec with no arguments and no crash point
     */
    public static JobSpec of(Class<?> mainClass) {
        return of(Objects.requireNonNull(mainClass, "mainClass").getName());
    }

    /**
     * @param mainClassName fully qualified name of the main class
     * @return a spec with no arguments and no crash point
     */
    public static JobSpec of(String mainClassName) {
        Objects.requireNonNull(mainClassName, "mainClassName");
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        return new JobSpec(mainClassName, Collections.<String>emptyList(), Collections.<String>emptyList(),
                Collections.<String, String>emptyMap(), System.getProperty("java.class.path"), java, null, true);
    }

    /**
     * @param arguments program arguments (replace the current ones)
     * @return a copy
     */
    public JobSpec withArgs(String... arguments) {
        return withArgs(Arrays.asList(arguments));
    }

    /**
     * @param arguments program arguments (replace the current ones)
     * @return a copy
     */
    public JobSpec withArgs(List<String> arguments) {
        return new JobSpec(mainClass, arguments, jvmArgs, env, classpath, java, crashPoint, fastStart);
    }

    /**
     * @param options JVM options appended to the current ones (e.g. {@code -Dkey=value})
     * @return a copy
     */
    public JobSpec withJvmArgs(String... options) {
        List<String> all = new ArrayList<>(jvmArgs);
        all.addAll(Arrays.asList(options));
        return new JobSpec(mainClass, args, all, env, classpath, java, crashPoint, fastStart);
    }

    /**
     * @param key   system property name
     * @param value its value
     * @return a copy with {@code -Dkey=value} appended
     */
    public JobSpec withSystemProperty(String key, String value) {
        return withJvmArgs("-D" + key + "=" + value);
    }

    /**
     * @param name  environment variable (added to the inherited environment)
     * @param value its value
     * @return a copy
     */
    public JobSpec withEnv(String name, String value) {
        Map<String, String> all = new LinkedHashMap<>(env);
        all.put(name, value);
        return new JobSpec(mainClass, args, jvmArgs, all, classpath, java, crashPoint, fastStart);
    }

    /**
     * @param cp the class path of the child (default: the parent's {@code java.class.path})
     * @return a copy
     */
    public JobSpec withClasspath(String cp) {
        return new JobSpec(mainClass, args, jvmArgs, env, Objects.requireNonNull(cp, "cp"), java, crashPoint,
                fastStart);
    }

    /**
     * @param name the crash point to arm ({@code -Didemcheck.crashpoint=name}), or {@code null} for none
     * @return a copy
     */
    public JobSpec withCrashPoint(String name) {
        return new JobSpec(mainClass, args, jvmArgs, env, classpath, java, name, fastStart);
    }

    /** @return a copy without the default {@link #FAST_START_JVM_ARGS} */
    public JobSpec withoutFastStartOptions() {
        return new JobSpec(mainClass, args, jvmArgs, env, classpath, java, crashPoint, false);
    }

    /** @return the main class name */
    public String mainClass() {
        return mainClass;
    }

    /** @return program arguments */
    public List<String> args() {
        return args;
    }

    /** @return extra JVM options */
    public List<String> jvmArgs() {
        return jvmArgs;
    }

    /** @return extra environment variables */
    public Map<String, String> env() {
        return env;
    }

    /** @return the armed crash point, or {@code null} */
    public String crashPoint() {
        return crashPoint;
    }

    /** @return the full command line the harness runs */
    public List<String> command() {
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        if (fastStart) {
            cmd.addAll(FAST_START_JVM_ARGS);
        }
        cmd.addAll(jvmArgs);
        if (crashPoint != null) {
            cmd.add("-D" + CrashPoints.PROPERTY + "=" + crashPoint);
        }
        cmd.add("-cp");
        cmd.add(classpath);
        cmd.add(mainClass);
        cmd.addAll(args);
        return cmd;
    }

    @Override
    public String toString() {
        return mainClass + " " + args + (crashPoint == null ? "" : " @" + crashPoint);
    }
}
