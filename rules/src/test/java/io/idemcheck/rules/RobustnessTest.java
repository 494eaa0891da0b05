package io.idemcheck.rules;

import io.idemcheck.core.engine.Analyzer;
import io.idemcheck.core.engine.ProgressListener;
import io.idemcheck.core.engine.ScanRequest;
import io.idemcheck.core.finding.Diagnostic;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.rule.RuleRegistry;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The scan survives any real Java (issue 14): every registered rule runs over hand-written inputs of the language's
 * corners ({@code src/test/resources/robustness}: Lombok builders, @SuperBuilder, @Value, chained accessors and
 * constructor injection; records, sealed types, enums with bodies, dotted nested and inner class names, generic
 * methods, wildcard and intersection types, anonymous and local classes, lambdas and method references everywhere,
 * switch expressions and patterns, text blocks, var, annotations in odd places, package-info, module-info, a file of
 * comments only) plus two files generated here (a 20,000-line class; an expression nested past the parser's limits)
 * and reports no internal error. The deep expression is one per-file diagnostic, not a crash.
 */
class RobustnessTest {

    @TempDir
    Path tmp;

    @BeforeEach
    void inputs() throws IOException {
        Path from = Path.of("src/test/resources/robustness");
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                Path to = tmp.resolve(from.relativize(f).toString());
                Files.createDirectories(to.getParent());
                Files.copy(f, to);
            }
        }
        Path gen = Files.createDirectories(tmp.resolve("src/main/java/com/acme/robust/gen"));
        Files.writeString(gen.resolve("Huge.java"), hugeClass(2_250));
        Files.writeString(gen.resolve("Deep.java"), deepExpression(20_000));
    }

    /** A generated class of about ten lines per method, each calling the next inside a loop. */
    static String hugeClass(int methods) {
        StringBuilder sb = new StringBuilder("package com.acme.robust.gen;\n\nimport java.util.List;\n\n"
                + "public class Huge {\n    private final java.util.Map<String, Integer> seen = new java.util.HashMap<>();\n\n");
        for (int i = 0; i < methods; i++) {
            sb.append("    public int step").append(i).append("(List<String> items) {\n")
                    .append("        int n = 0;\n")
                    .append("        for (String s : items) {\n")
                    .append("            seen.merge(s, 1, Integer::sum);\n")
                    .append("            n += s.length();\n")
                    .append("        }\n")
                    .append("        return n + ").append(i + 1 < methods ? "step" + (i + 1) + "(items.subList(1, items.size()))" : "0")
                    .append(";\n")
                    .append("    }\n\n");
        }
        return sb.append("}\n").toString();
    }

    /** {@code int x = ((((...1...))));} nested {@code depth} times. */
    static String deepExpression(int depth) {
        return "package com.acme.robust.gen;\n\npublic class Deep {\n    int x() {\n        return "
                + "(".repeat(depth) + "1" + ")".repeat(depth) + ";\n    }\n}\n";
    }

    private ScanResult scan() {
        RuleRegistry rules = RuleRegistry.load();
        assertThat(rules.rules()).hasSizeGreaterThanOrEqualTo(12);
        return new Analyzer().scan(new ScanRequest(List.of(tmp), tmp, 2, rules, ProgressListener.NONE));
    }

    @Test
    void everyRuleRunsOverTheCornersOfJavaWithoutAnInternalError() throws IOException {
        assertThat(Files.readAllLines(tmp.resolve("src/main/java/com/acme/robust/gen/Huge.java")).size())
                .isGreaterThanOrEqualTo(20_000);
        ScanResult r = scan();
        assertThat(r.internalErrors()).isEmpty();
        assertThat(r.internalErrorSummary()).isEmpty();
        // every file parses, except the one past the parser's limits: one diagnostic on that file only
        List<Diagnostic> blocking = r.diagnostics().stream().filter(d -> d.kind().blocksAnalysis()).toList();
        assertThat(blocking).hasSize(1);
        assertThat(blocking.get(0).path()).isEqualTo("src/main/java/com/acme/robust/gen/Deep.java");
        assertThat(blocking.get(0).kind()).isEqualTo(Diagnostic.Kind.PARSE_ERROR);
        assertThat(r.stats().javaFiles()).isEqualTo(14);
        assertThat(r.stats().parsedFiles()).isEqualTo(13);
    }

    @Test
    void theLombokJobIsStillCheckedThroughItsGeneratedBuilders() {
        ScanResult r = scan();
        // the charge before the status record, in a loop over Lombok entities built with OrderDO.OrderDOBuilder
        assertThat(r.findings()).filteredOn(f -> f.primary().path().endsWith("lombok/OrderJob.java"))
                .extracting(f -> f.ruleId()).contains("IDEM001");
    }
}
