package io.idemcheck.rules;

import io.idemcheck.core.engine.Analyzer;
import io.idemcheck.core.engine.ProgressListener;
import io.idemcheck.core.engine.ScanRequest;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.rule.RuleRegistry;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Rules run several at a time ({@code --threads}); the output must not depend on it: the bundled sample (one
 * occurrence of every rule) scanned on one thread and on four gives the same findings, in the same order, with the
 * same diagnostics, run after run.
 */
class ParallelRulesTest {

    private static final Path SAMPLE = Path.of("..", "samples", "noon-batch").toAbsolutePath().normalize();

    @Test
    void findingsDoNotDependOnTheNumberOfThreads() {
        ScanResult one = scan(1);
        ScanResult four = scan(4);
        ScanResult again = scan(4);
        assertThat(one.findings()).extracting(f -> f.ruleId()).contains("IDEM001", "IDEM007", "IDEM012");
        assertThat(four.findings()).isEqualTo(one.findings());
        assertThat(four.diagnostics()).isEqualTo(one.diagnostics());
        assertThat(again.findings()).isEqualTo(one.findings());
        assertThat(again.diagnostics()).isEqualTo(one.diagnostics());
    }

    private static ScanResult scan(int threads) {
        return new Analyzer().scan(new ScanRequest(List.of(SAMPLE), SAMPLE, threads, RuleRegistry.load(),
                ProgressListener.NONE));
    }
}
