package io.idemcheck.rules;

import io.idemcheck.core.engine.Analyzer;
import io.idemcheck.core.engine.ProgressListener;
import io.idemcheck.core.engine.ScanRequest;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.rule.RuleRegistry;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class StaleRunningNotRecoveredTest {

    @TestFactory
    Stream<DynamicTest> markedCases() {
        return RuleCases.of(new StaleRunningNotRecovered());
    }

    /**
     * A statement two methods run is the move of the first of them in method order (there a claim before the work,
     * in the later one a mark written after it), whatever the number of threads the methods are read on; and the
     * rule's positive cases, scanned together, give the same findings and diagnostics on one thread and on four.
     */
    @Test
    void aStatementIsMovedByTheFirstMethodThatRunsItOnAnyNumberOfThreads() {
        Path dir = RuleCases.dir(new StaleRunningNotRecovered());
        Path shared = dir.resolve("Pos21_StatementClaimedByTheFirstMethodThatRunsIt.java");
        for (int threads : new int[] {1, 4, 4, 4}) {
            ScanResult r = scan(dir, List.of(shared), threads);
            assertThat(r.findings()).extracting(f -> f.primary().startLine()).containsExactly(41);
            assertThat(r.findings().get(0).message()).contains("stays PROCESSING forever");
        }
        List<Path> positive;
        try (Stream<Path> s = java.nio.file.Files.list(dir)) {
            positive = s.filter(p -> p.getFileName().toString().startsWith("Pos")).sorted().toList();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        ScanResult one = scan(dir, positive, 1);
        assertThat(one.findings()).hasSizeGreaterThan(10);
        for (int threads : new int[] {4, 4}) {
            ScanResult four = scan(dir, positive, threads);
            assertThat(four.findings()).isEqualTo(one.findings());
            assertThat(four.diagnostics()).isEqualTo(one.diagnostics());
        }
    }

    private static ScanResult scan(Path root, List<Path> paths, int threads) {
        return new Analyzer().scan(new ScanRequest(paths, root, threads,
                RuleRegistry.of(List.of(new StaleRunningNotRecovered())), ProgressListener.NONE));
    }
}
