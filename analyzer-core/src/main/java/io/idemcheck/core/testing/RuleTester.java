package io.idemcheck.core.testing;

import io.idemcheck.core.engine.Analyzer;
import io.idemcheck.core.engine.ProgressListener;
import io.idemcheck.core.engine.ScanRequest;
import io.idemcheck.core.finding.Diagnostic;
import io.idemcheck.core.finding.Finding;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.rule.Rule;
import io.idemcheck.core.rule.RuleRegistry;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The rule-test harness every rule's test uses. A case is one file, or one folder of files, under a rule's case
 * folder ({@code src/test/resources/rules/<RuleName>/}); each case is scanned on its own with only the rule under
 * test. Expected findings are marked at the end of the line of their primary location:
 * <pre>{@code   doBusiness(t);   // expect: IDEM001}</pre>
 * optionally with a message fragment: {@code // expect: IDEM001 "a restart charges again"} (several ids may follow
 * one {@code expect:}). The marker works in any file type: {@code <!-- expect: IDEM003 -->} in XML,
 * {@code -- expect: IDEM011} in SQL. A finding on an unmarked line, a marked line without its finding, a message
 * without the fragment, and a case file that does not parse are all failures. A case with a marker is positive; one
 * without is negative.
 */
public final class RuleTester {

    private static final Pattern EXPECT = Pattern.compile("expect:\\s*((?:IDEM\\d{3}(?:\\s+\"[^\"]*\")?[\\s,]*)+)");
    private static final Pattern ONE = Pattern.compile("(IDEM\\d{3})(?:\\s+\"([^\"]*)\")?");

    private final Rule rule;

    private RuleTester(Rule rule) {
        this.rule = rule;
    }

    public static RuleTester of(Rule rule) {
        return new RuleTester(rule);
    }

    /** One expected finding: rule id, file (relative to the case), 1-based line, message fragment or null. */
    public record Expectation(String ruleId, String path, int line, String fragment) {
    }

    /**
     * The outcome of one case.
     *
     * @param casePath  the case file or folder
     * @param expected  markers found
     * @param actual    findings of the rule under test
     * @param problems  human-readable mismatches; empty when the case passes
     */
    public record CaseResult(Path casePath, List<Expectation> expected, List<Finding> actual, List<String> problems) {
        public boolean positive() {
            return !expected.isEmpty();
        }

        public boolean passed() {
            return problems.isEmpty();
        }
    }

    /** The cases in a rule's case folder: every file and every sub-folder directly inside it, sorted. */
    public static List<Path> cases(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> !p.getFileName().toString().startsWith(".")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list rule cases in " + dir, e);
        }
    }

    /** Runs one case (a file or a folder) and compares findings with markers. */
    public CaseResult run(Path casePath) {
        Path root = Files.isDirectory(casePath) ? casePath : casePath.getParent();
        List<Expectation> expected = new ArrayList<>();
        List<Path> files = new ArrayList<>();
        if (Files.isDirectory(casePath)) {
            try (Stream<Path> s = Files.walk(casePath)) {
                s.filter(Files::isRegularFile).sorted().forEach(files::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        } else {
            files.add(casePath);
        }
        for (Path f : files) {
            expected.addAll(markers(root, f));
        }
        ScanResult result = new Analyzer().scan(new ScanRequest(List.of(casePath), root, 1,
                RuleRegistry.of(List.of(rule)), ProgressListener.NONE));
        List<String> problems = new ArrayList<>();
        for (Diagnostic d : result.diagnostics()) {
            if (d.kind().blocksAnalysis()) {
                problems.add("case input not analysed: " + d.path() + ":" + d.line() + ": " + d.message());
            }
        }
        List<Finding> actual = result.findings().stream().filter(f -> f.ruleId().equals(rule.info().id())).toList();
        List<Finding> unmatched = new ArrayList<>(actual);
        for (Expectation e : expected) {
            Finding hit = null;
            for (Finding f : unmatched) {
                if (f.ruleId().equals(e.ruleId()) && f.primary().path().equals(e.path())
                        && f.primary().startLine() == e.line()) {
                    hit = f;
                    break;
                }
            }
            if (e.ruleId().equals(rule.info().id()) && hit == null) {
                problems.add("missing " + e.ruleId() + " at " + e.path() + ":" + e.line());
            } else if (hit != null) {
                unmatched.remove(hit);
                if (e.fragment() != null && !hit.message().contains(e.fragment())) {
                    problems.add(e.path() + ":" + e.line() + ": message does not contain \"" + e.fragment()
                            + "\": " + hit.message());
                }
            }
        }
        for (Finding f : unmatched) {
            problems.add("unexpected " + f.ruleId() + " at " + f.primary().path() + ":" + f.primary().startLine()
                    + ": " + f.message());
        }
        return new CaseResult(casePath, expected, actual, problems);
    }

    private static List<Expectation> markers(Path root, Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String rel = root.relativize(file).toString().replace('\\', '/');
        List<Expectation> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = EXPECT.matcher(lines.get(i));
            if (m.find()) {
                Matcher one = ONE.matcher(m.group(1));
                while (one.find()) {
                    out.add(new Expectation(one.group(1), rel, i + 1, one.group(2)));
                }
            }
        }
        return out;
    }
}
