package io.idemcheck.rules;

import io.idemcheck.core.engine.Analyzer;
import io.idemcheck.core.engine.ProgressListener;
import io.idemcheck.core.engine.ScanRequest;
import io.idemcheck.core.finding.Finding;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.rule.RuleRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Scan cost grows with the code, not with its square: the engine's work counter ({@code ScanStats.work}, a
 * deterministic count of index passes, call resolutions and call-graph steps; no clock) on a synthetic project of N
 * units and on one of 2N units, with every rule on. Doubling the input may at most about double the work; a phase
 * that scans the whole index per method or per test (IDEM007 once rebuilt the method list for every test it looked
 * at) makes it quadruple.
 */
class ScanScalingTest {

    private static final int UNITS = 30;

    @Test
    void doublingTheProjectAtMostDoublesTheWork(@TempDir Path dir) {
        Path small = dir.resolve("small");
        Path large = dir.resolve("large");
        int smallFiles = SyntheticTree.write(small, UNITS);
        int largeFiles = SyntheticTree.write(large, 2 * UNITS);
        ScanResult a = scan(small);
        ScanResult b = scan(large);

        assertThat(a.stats().parsedFiles()).isEqualTo(smallFiles);
        assertThat(b.stats().parsedFiles()).isEqualTo(largeFiles);
        assertThat(a.stats().testFiles()).isGreaterThanOrEqualTo(UNITS);
        // the rules really ran on the tree: every unit's job charges before it records (IDEM001), and so on
        Map<String, Long> perRuleSmall = perRule(a.findings());
        Map<String, Long> perRuleLarge = perRule(b.findings());
        assertThat(perRuleSmall.get("IDEM001")).isEqualTo(UNITS);
        assertThat(perRuleLarge.get("IDEM001")).isEqualTo(2L * UNITS);
        assertThat(perRuleLarge.keySet()).isEqualTo(perRuleSmall.keySet());

        long w1 = a.stats().work();
        long w2 = b.stats().work();
        assertThat(w1).isPositive();
        double ratio = (double) w2 / w1;
        assertThat(ratio)
                .as("work at %d units = %d, at %d units = %d: doubling the input multiplied the work by %.2f",
                        UNITS, w1, 2 * UNITS, w2, ratio)
                .isLessThanOrEqualTo(2.5);
    }

    private static ScanResult scan(Path root) {
        return new Analyzer().scan(new ScanRequest(List.of(root), root, 2, RuleRegistry.load(), ProgressListener.NONE));
    }

    private static Map<String, Long> perRule(List<Finding> findings) {
        Map<String, Long> out = new TreeMap<>();
        findings.forEach(f -> out.merge(f.ruleId(), 1L, Long::sum));
        return out;
    }
}
