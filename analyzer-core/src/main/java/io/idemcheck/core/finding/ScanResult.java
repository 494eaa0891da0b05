package io.idemcheck.core.finding;


import java.nio.file.Path;
import java.util.List;

/**
 * Everything a report needs from one scan.
 *
 * @param sourceRoot  absolute directory that all paths in findings and diagnostics are relative to
 * @param rules       every enabled rule, sorted by id (SARIF {@code tool.driver.rules} in this order)
 * @param findings    findings sorted by path, line, column, rule id
 * @param diagnostics diagnostics sorted by path, line
 * @param stats       counts and time
 * @param suppressed  findings accepted by a suppression or the baseline, in the same order as findings; they never
 *                    count towards the exit code
 */
public record ScanResult(Path sourceRoot, List<RuleDescriptor> rules, List<Finding> findings,
                         List<Diagnostic> diagnostics, ScanStats stats, List<SuppressedFinding> suppressed) {

    public ScanResult {
        rules = List.copyOf(rules);
        findings = List.copyOf(findings);
        diagnostics = List.copyOf(diagnostics);
        suppressed = suppressed == null ? List.of() : List.copyOf(suppressed);
    }

    /** A result without suppressed findings. */
    public ScanResult(Path sourceRoot, List<RuleDescriptor> rules, List<Finding> findings,
                      List<Diagnostic> diagnostics, ScanStats stats) {
        this(sourceRoot, rules, findings, diagnostics, stats, List.of());
    }

    /** The same result with other findings, diagnostics and suppressed findings (the baseline uses it). */
    public ScanResult with(List<Finding> newFindings, List<Diagnostic> newDiagnostics,
                           List<SuppressedFinding> newSuppressed) {
        return new ScanResult(sourceRoot, rules, newFindings, newDiagnostics, stats, newSuppressed);
    }

    /** Number of findings at or above {@code threshold}. */
    public long countAtLeast(Severity threshold) {
        return findings.stream().filter(f -> f.severity().atLeast(threshold)).count();
    }

    /** True when some input could not be analysed (a parse or read error). */
    public boolean hasAnalysisErrors() {
        return diagnostics.stream().anyMatch(d -> d.kind().blocksAnalysis());
    }
}
