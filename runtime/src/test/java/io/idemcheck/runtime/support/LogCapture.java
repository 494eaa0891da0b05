package io.idemcheck.runtime.support;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Captures what slf4j-simple (the tests' binding, writing to {@code System.err}) logs while it is open, and lowers the
 * level of the given loggers for that time (the build runs them at {@code error}). Lines look like
 * {@code [thread] WARN io.idemcheck.runtime.TaskClaimer - message}. Not for tests that run in parallel.
 */
public final class LogCapture implements AutoCloseable {
    private static final int WARN = 30;

    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    private final PrintStream original = System.err;
    private final List<Runnable> restore = new ArrayList<>();

    private LogCapture(int level, Class<?>... loggers) {
        for (Class<?> c : loggers) {
            Logger l = LoggerFactory.getLogger(c);
            try {
                Field f = Class.forName("org.slf4j.simple.SimpleLogger").getDeclaredField("currentLogLevel");
                f.setAccessible(true);
                int before = f.getInt(l);
                f.setInt(l, level);
                restore.add(() -> {
                    try {
                        f.setInt(l, before);
                    } catch (IllegalAccessException e) {
                        throw new IllegalStateException(e);
                    }
                });
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("the tests expect slf4j-simple as the logging binding", e);
            }
        }
        System.setErr(new PrintStream(buffer, true));
    }

    /**
     * @param loggers classes whose loggers log WARN and above while captured
     * @return an open capture
     */
    public static LogCapture warnAndAbove(Class<?>... loggers) {
        return new LogCapture(WARN, loggers);
    }

    /** @return the captured lines so far */
    public List<String> lines() {
        String text;
        synchronized (buffer) {
            text = new String(buffer.toByteArray(), StandardCharsets.UTF_8);
        }
        return Arrays.stream(text.split("\n")).filter(s -> !s.isEmpty()).collect(Collectors.toList());
    }

    /**
     * @param level  WARN, ERROR...
     * @param logger the logging class
     * @return the captured lines of that level from that class's logger (stack trace lines excluded)
     */
    public List<String> lines(String level, Class<?> logger) {
        String tag = " " + level + " " + logger.getName() + " - ";
        return lines().stream().filter(s -> s.contains(tag)).collect(Collectors.toList());
    }

    @Override
    public void close() {
        System.setErr(original);
        restore.forEach(Runnable::run);
    }
}
