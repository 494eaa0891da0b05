package io.idemcheck.cli;

import io.idemcheck.core.engine.Analyzer;
import io.idemcheck.core.rule.RuleRegistry;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * One in-process run of the CLI with the real engine and every registered rule: its exit code, stdout and stderr
 * (UTF-8). Shared by the tests that drive the CLI end to end.
 */
record CliRun(int code, String out, String err) {

    /** Runs {@code idemcheck args...} in this JVM (no System.exit) and captures what it printed. */
    static CliRun of(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new IdemcheckCli(r -> new Analyzer().scan(r), RuleRegistry::load,
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                false).run(args);
        return new CliRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
