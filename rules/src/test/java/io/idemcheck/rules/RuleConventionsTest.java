package io.idemcheck.rules;

import io.idemcheck.core.rule.Rule;
import io.idemcheck.core.finding.RuleDescriptor;
import io.idemcheck.core.rule.RuleRegistry;
import io.idemcheck.core.testing.RuleTester;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Every registered rule has unique metadata, a doc page, a test class, and positive and negative marked cases. */
class RuleConventionsTest {

    private final List<Rule> rules = RuleRegistry.load().rules();

    @Test
    void rulesAreRegistered() {
        assertThat(rules).extracting(r -> r.info().id()).contains("IDEM001");
    }

    @Test
    void idsAndNamesAreUniqueAndWellFormed() {
        Set<String> ids = new HashSet<>();
        Set<String> names = new HashSet<>();
        for (Rule r : rules) {
            assertThat(r.info().id()).matches("IDEM\\d{3}");
            assertThat(r.info().name()).matches("[A-Z][A-Za-z0-9]+").isEqualTo(r.getClass().getSimpleName());
            assertThat(r.info().summary()).doesNotEndWith(".");
            assertThat(ids.add(r.info().id())).as("duplicate id " + r.info().id()).isTrue();
            assertThat(names.add(r.info().name())).as("duplicate name " + r.info().name()).isTrue();
        }
    }

    @Test
    void everyRuleHasADocPageOnTheClassPath() {
        for (Rule r : rules) {
            RuleDescriptor d = RuleRegistry.describe(r);
            assertThat(d.docMarkdown()).as("docs/" + r.info().name() + ".md").isNotBlank()
                    .contains(r.info().id()).contains("## Noncompliant").contains("## Compliant")
                    .contains("## Suppress");
        }
    }

    @Test
    void everyRuleHasATestAndPositiveAndNegativeCases() throws Exception {
        for (Rule r : rules) {
            String name = r.info().name();
            assertThat(Files.exists(Path.of("src/test/java/io/idemcheck/rules/" + name + "Test.java")))
                    .as(name + "Test").isTrue();
            Path dir = RuleCases.dir(r);
            assertThat(Files.isDirectory(dir)).as(dir.toString()).isTrue();
            int positive = 0;
            int negative = 0;
            for (Path c : RuleTester.cases(dir)) {
                String text = Files.isDirectory(c) ? "" : Files.readString(c);
                boolean marked = text.contains("expect: " + r.info().id());
                if (Files.isDirectory(c)) {
                    try (var s = Files.walk(c)) {
                        marked = s.filter(Files::isRegularFile).anyMatch(p -> {
                            try {
                                return Files.readString(p).contains("expect: " + r.info().id());
                            } catch (Exception e) {
                                return false;
                            }
                        });
                    }
                }
                if (marked) {
                    positive++;
                } else {
                    negative++;
                }
            }
            assertThat(positive).as(name + " positive cases").isGreaterThanOrEqualTo(8);
            assertThat(negative).as(name + " negative cases").isGreaterThanOrEqualTo(8);
        }
    }

    /**
     * Case numbers name a case in reviews and commit messages ("Pos34 of NonConditionalStatusUpdate"), so a number is
     * used once per rule and kind: two cases added in parallel with the same number are caught here.
     */
    @Test
    void caseNumbersAreUniquePerRuleAndKind() throws Exception {
        java.util.regex.Pattern numbered = java.util.regex.Pattern.compile("(Pos|Neg)(\\d+)_.*");
        for (Rule r : rules) {
            Set<String> seen = new HashSet<>();
            List<String> clashes = new java.util.ArrayList<>();
            try (var s = Files.list(RuleCases.dir(r))) {
                for (Path c : (Iterable<Path>) s.sorted()::iterator) {
                    var m = numbered.matcher(c.getFileName().toString());
                    if (m.matches() && !seen.add(m.group(1) + Integer.parseInt(m.group(2)))) {
                        clashes.add(c.getFileName().toString());
                    }
                }
            }
            assertThat(clashes).as(r.info().name() + ": case numbers used twice").isEmpty();
        }
    }
}
