package io.idemcheck.rules;

import io.idemcheck.core.rule.Rule;
import io.idemcheck.core.rule.RuleInfo;
import io.idemcheck.core.rule.RuleRegistry;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code @RuleInfo} is the one place a rule's metadata lives; the copies in prose must say the same. For every
 * registered rule: the header of {@code rules/docs/<Name>.md} ("# IDEMnnn Name", "Default severity: **s**",
 * "Tags: a, b."), the README's rule table (id, linked name, default severity) and the table of
 * {@code docs/fixes.md} (id and name). A mismatch names the rule, the file and the field.
 */
class RuleMetadataDocsTest {

    private static final Path DOCS = Path.of("docs");
    private static final Path README = Path.of("../README.md");
    private static final Path FIXES = Path.of("../docs/fixes.md");

    /** "| IDEM001 | [SideEffectBeforeStatusRecord](rules/docs/SideEffectBeforeStatusRecord.md) | error | ..." */
    private static final Pattern README_ROW = Pattern.compile(
            "^\\| (IDEM\\d{3}) \\| \\[([A-Za-z0-9]+)]\\(rules/docs/([A-Za-z0-9]+)\\.md\\) \\| ([^|]*) \\|.*$");
    /** "| IDEM001 `SideEffectBeforeStatusRecord` | ..." */
    private static final Pattern FIXES_ROW = Pattern.compile("^\\| (IDEM\\d{3}) `([A-Za-z0-9]+)` \\|.*$");

    private final List<Rule> rules = RuleRegistry.load().rules();

    /** A rule's metadata as written in a header or a table. */
    record Written(String id, String name, String severity, List<String> tags) {
    }

    @Test
    void docHeadersMatchRuleInfo() throws IOException {
        List<String> mismatches = new ArrayList<>();
        for (Rule r : rules) {
            RuleInfo info = r.info();
            Path doc = DOCS.resolve(info.name() + ".md");
            if (!Files.isRegularFile(doc)) {
                mismatches.add(info.id() + " " + info.name() + ": no " + doc);
                continue;
            }
            Written w = docHeader(Files.readString(doc));
            String where = info.id() + " " + info.name() + " in rules/" + doc;
            compare(mismatches, where, "id", info.id(), w.id());
            compare(mismatches, where, "name", info.name(), w.name());
            compare(mismatches, where, "severity", info.severity().label(), w.severity());
            compare(mismatches, where, "tags", Arrays.asList(info.tags()), w.tags());
        }
        assertThat(mismatches).as("rule metadata in rules/docs/*.md differs from @RuleInfo").isEmpty();
    }

    @Test
    void everyDocPageBelongsToARegisteredRule() throws IOException {
        TreeSet<String> pages = new TreeSet<>();
        try (Stream<Path> s = Files.list(DOCS)) {
            s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".md"))
                    .forEach(n -> pages.add(n.substring(0, n.length() - 3)));
        }
        TreeSet<String> names = new TreeSet<>(rules.stream().map(r -> r.info().name()).toList());
        assertThat(pages).as("pages in rules/docs/ (one per registered rule)").isEqualTo(names);
    }

    @Test
    void readmeRuleTableMatchesRuleInfo() throws IOException {
        Map<String, Written> rows = new LinkedHashMap<>();
        List<String> mismatches = new ArrayList<>();
        for (String line : Files.readAllLines(README)) {
            Matcher m = README_ROW.matcher(line);
            if (m.matches()) {
                if (!m.group(2).equals(m.group(3))) {
                    mismatches.add(m.group(1) + " in README.md: the link text '" + m.group(2)
                            + "' and the doc page '" + m.group(3) + ".md' differ");
                }
                rows.put(m.group(1), new Written(m.group(1), m.group(2), leadingWord(m.group(4)), List.of()));
            }
        }
        for (Rule r : rules) {
            RuleInfo info = r.info();
            Written w = rows.remove(info.id());
            String where = info.id() + " " + info.name() + " in README.md";
            if (w == null) {
                mismatches.add(where + ": no row in the rule table");
                continue;
            }
            compare(mismatches, where, "name", info.name(), w.name());
            compare(mismatches, where, "severity", info.severity().label(), w.severity());
        }
        rows.keySet().forEach(id -> mismatches.add(id + " in README.md: a row for a rule that is not registered"));
        assertThat(mismatches).as("README.md rule table differs from @RuleInfo").isEmpty();
    }

    @Test
    void fixesTableNamesMatchRuleInfo() throws IOException {
        Map<String, String> names = new LinkedHashMap<>();
        for (Rule r : rules) {
            names.put(r.info().id(), r.info().name());
        }
        List<String> mismatches = new ArrayList<>();
        int rows = 0;
        for (String line : Files.readAllLines(FIXES)) {
            Matcher m = FIXES_ROW.matcher(line);
            if (m.matches()) {
                rows++;
                String where = m.group(1) + " in docs/fixes.md";
                if (!names.containsKey(m.group(1))) {
                    mismatches.add(where + ": a row for a rule that is not registered");
                } else {
                    compare(mismatches, where, "name", names.get(m.group(1)), m.group(2));
                }
            }
        }
        assertThat(rows).as("rows in the docs/fixes.md rule table").isEqualTo(rules.size());
        assertThat(mismatches).as("docs/fixes.md rule table differs from @RuleInfo").isEmpty();
    }

    @Test
    void parsesTheHeaderShapes() {
        Written plain = docHeader("""
                # IDEM010 EffectRetriedWithoutKey

                A side effect.

                Default severity: **error**. Tags: idempotency, retry.
                """);
        assertThat(plain).isEqualTo(new Written("IDEM010", "EffectRetriedWithoutKey", "error",
                List.of("idempotency", "retry")));
        Written twoSeverities = docHeader("""
                # IDEM002 TransactionalBatchLoop

                Default severity: **error** when the work reaches an effect; **warning** otherwise. Tags: transaction, batch.
                """);
        assertThat(twoSeverities).isEqualTo(new Written("IDEM002", "TransactionalBatchLoop", "error",
                List.of("transaction", "batch")));
        assertThat(docHeader("no header")).isEqualTo(new Written(null, null, null, null));
        assertThat(leadingWord("error (warning without an external effect)")).isEqualTo("error");
    }

    /**
     * The first line's id and name, the first bold word of the "Default severity:" line (the default when the doc
     * names a second one for a narrower case) and its tags; null for a part that is missing.
     */
    static Written docHeader(String markdown) {
        String id = null;
        String name = null;
        String severity = null;
        List<String> tags = null;
        Matcher title = Pattern.compile("\\A# (\\S+) (\\S+)\\s*$", Pattern.MULTILINE).matcher(markdown);
        if (title.find()) {
            id = title.group(1);
            name = title.group(2);
        }
        Matcher sev = Pattern.compile("^Default severity: \\*\\*([a-z]+)\\*\\*.*$", Pattern.MULTILINE)
                .matcher(markdown);
        if (sev.find()) {
            severity = sev.group(1);
            Matcher t = Pattern.compile("Tags: ([^.]*)\\.\\s*$").matcher(sev.group());
            if (t.find()) {
                tags = Arrays.stream(t.group(1).split(",")).map(String::strip).toList();
            }
        }
        return new Written(id, name, severity, tags);
    }

    private static String leadingWord(String cell) {
        String t = cell.strip();
        int sp = t.indexOf(' ');
        return sp < 0 ? t : t.substring(0, sp);
    }

    private static void compare(List<String> out, String where, String field, Object expected, Object written) {
        if (!expected.equals(written)) {
            out.add(where + ": " + field + " is " + (written == null ? "missing" : "'" + written + "'")
                    + ", @RuleInfo says '" + expected + "'");
        }
    }
}
