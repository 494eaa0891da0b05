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

    /** The {@link Diagnostic.Kind#INTERNAL_ERROR} diagnostics: failures of the tool itself, each contained. */
    public List<Diagnostic> internalErrors() {
        return diagnostics.stream().filter(d -> d.kind() == Diagnostic.Kind.INTERNAL_ERROR).toList();
    }

    /**
     * One line counting the internal errors and where they hit, for the console: "3 internal errors in 2 methods
     * (IDEM004, IDEM008)", "1 internal error in 1 file", "1 internal error in 1 method and 1 whole rule (IDEM002)".
     * Places: distinct methods a rule failed on, distinct files that failed without a method (parsing, a mapper),
     * rules that failed outside any one method, and failures elsewhere in the run. Empty when there is none.
     */
    public java.util.Optional<String> internalErrorSummary() {
        List<Diagnostic> errors = internalErrors();
        if (errors.isEmpty()) {
            return java.util.Optional.empty();
        }
        java.util.Set<String> methods = new java.util.HashSet<>();
        java.util.Set<String> files = new java.util.HashSet<>();
        java.util.Set<String> wholeRules = new java.util.HashSet<>();
        java.util.Set<String> rules = new java.util.TreeSet<>();
        int elsewhere = 0;
        for (Diagnostic d : errors) {
            if (d.ruleId() != null) {
                rules.add(d.ruleId());
            }
            if (d.method() != null) {
                methods.add(d.method());
            } else if (d.path() != null) {
                files.add(d.path());
            } else if (d.ruleId() != null) {
                wholeRules.add(d.ruleId());
            } else {
                elsewhere++;
            }
        }
        List<String> places = new java.util.ArrayList<>();
        if (!methods.isEmpty()) {
            places.add(count(methods.size(), "method"));
        }
        if (!files.isEmpty()) {
            places.add(count(files.size(), "file"));
        }
        if (!wholeRules.isEmpty()) {
            places.add(count(wholeRules.size(), "whole rule"));
        }
        if (elsewhere > 0) {
            places.add("the run");
        }
        String where = places.size() == 1 ? places.get(0)
                : String.join(", ", places.subList(0, places.size() - 1)) + " and " + places.get(places.size() - 1);
        return java.util.Optional.of(count(errors.size(), "internal error") + " in " + where
                + (rules.isEmpty() ? "" : " (" + String.join(", ", rules) + ")"));
    }

    private static String count(int n, String word) {
        return n + " " + word + (n == 1 ? "" : "s");
    }

    /** True when some input could not be analysed (a parse or read error). */
    public boolean hasAnalysisErrors() {
        return diagnostics.stream().anyMatch(d -> d.kind().blocksAnalysis());
    }
}
