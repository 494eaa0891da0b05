package io.idemcheck.cli;

import io.idemcheck.core.catalog.CatalogException;
import io.idemcheck.core.rule.RuleRegistry;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ServiceConfigurationError;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A catalog.json that cannot be used reaches the user as one line naming the key and exit code 2, however it
 * arrives: thrown by the catalog itself, or wrapped by ServiceLoader around a rule whose static initialisation read it
 * (issue 15 trial: exit 1 with "unexpected failure: ServiceConfigurationError: ... could not be instantiated").
 */
class BadCatalogTest {

    @TempDir
    Path tmp;

    private static final String MESSAGE = "catalog.json: unknown key 'lockApis' at the top";

    private static Supplier<RuleRegistry> failing(boolean wrapped) {
        return () -> {
            CatalogException bad = new CatalogException(MESSAGE);
            if (!wrapped) {
                throw bad;
            }
            throw new ServiceConfigurationError("io.idemcheck.core.rule.Rule: Provider "
                    + "io.idemcheck.rules.CheckThenActStatusGuard could not be instantiated",
                    new ExceptionInInitializerError(bad));
        };
    }

    @ParameterizedTest
    @ValueSource(strings = {"scan", "rules", "explain"})
    void aBadCatalogIsOneLineNamingTheKeyAndExitTwo(String command) throws Exception {
        Path java = Files.writeString(tmp.resolve("Job.java"), "class Job {}\n");
        for (boolean wrapped : new boolean[]{false, true}) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            String[] args = switch (command) {
                case "scan" -> new String[]{"scan", tmp.toString()};
                case "explain" -> new String[]{"explain", java + ":1", "--project", tmp.toString()};
                default -> new String[]{"rules"};
            };
            int code = new IdemcheckCli(r -> {
                throw new AssertionError("the engine must not run");
            }, failing(wrapped), new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8), false).run(args);
            assertThat(code).as(command + " wrapped=" + wrapped).isEqualTo(ExitCode.USAGE);
            assertThat(err.toString(StandardCharsets.UTF_8)).as(command + " wrapped=" + wrapped)
                    .isEqualTo("idemcheck: error: " + MESSAGE + System.lineSeparator());
        }
    }
}
