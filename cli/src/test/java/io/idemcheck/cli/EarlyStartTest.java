package io.idemcheck.cli;

import io.idemcheck.core.catalog.CatalogException;
import io.idemcheck.core.rule.RuleRegistry;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Rules loaded on a thread of their own from the start: the same registry, or exactly what loading threw. */
class EarlyStartTest {

    @Test
    void aCommandThatUsesRulesGetsTheRegistryLoadedOnceInTheBackground() {
        AtomicInteger loads = new AtomicInteger();
        RuleRegistry registry = RuleRegistry.of(List.of());
        Thread[] loadedOn = new Thread[1];
        Supplier<RuleRegistry> rules = EarlyStart.rules(new String[]{"scan", "."}, () -> {
            loads.incrementAndGet();
            loadedOn[0] = Thread.currentThread();
            return registry;
        });
        assertThat(rules.get()).isSameAs(registry);
        assertThat(rules.get()).isSameAs(registry);
        assertThat(loads.get()).isEqualTo(1);
        assertThat(loadedOn[0]).isNotSameAs(Thread.currentThread());
        assertThat(loadedOn[0].isDaemon()).isTrue();
    }

    @Test
    void otherCommandsLoadWhenAsked() {
        AtomicInteger loads = new AtomicInteger();
        Supplier<RuleRegistry> load = () -> {
            loads.incrementAndGet();
            return RuleRegistry.of(List.of());
        };
        for (String[] args : List.of(new String[]{"init"}, new String[]{"--version"}, new String[]{})) {
            assertThat(EarlyStart.rules(args, load)).isSameAs(load);
        }
        assertThat(loads.get()).isZero();
    }

    @Test
    void whatLoadingThrowsIsRethrownAsItIs() {
        CatalogException bad = new CatalogException("catalog.json: unknown key 'x' at the top");
        ServiceConfigurationError wrapped = new ServiceConfigurationError("provider could not be instantiated",
                new ExceptionInInitializerError(bad));
        assertThatThrownBy(() -> EarlyStart.rules(new String[]{"rules"}, () -> {
            throw bad;
        }).get()).isSameAs(bad);
        assertThatThrownBy(() -> EarlyStart.rules(new String[]{"explain"}, () -> {
            throw wrapped;
        }).get()).isSameAs(wrapped);
    }

    @Test
    void aBadCatalogLoadedEarlyIsStillAOneLineUsageError() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String[] args = {"rules"};
        int code = new IdemcheckCli(r -> {
            throw new AssertionError("the engine must not run");
        }, EarlyStart.rules(args, () -> {
            throw new CatalogException("catalog.json: unknown key 'lockApis' at the top");
        }), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), false).run(args);
        assertThat(code).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString(StandardCharsets.UTF_8).strip())
                .isEqualTo("idemcheck: error: catalog.json: unknown key 'lockApis' at the top");
    }
}
