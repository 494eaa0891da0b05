package io.idemcheck.rules;

import io.idemcheck.core.rule.Rule;
import io.idemcheck.core.testing.RuleTester;
import org.junit.jupiter.api.DynamicTest;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Turns a rule's marked case folder into one dynamic test per case. */
final class RuleCases {

    private RuleCases() {
    }

    /** The case folder of a rule: {@code src/test/resources/rules/<Name>/}. */
    static Path dir(Rule rule) {
        return Path.of("src/test/resources/rules", rule.info().name());
    }

    static Stream<DynamicTest> of(Rule rule) {
        Path dir = dir(rule);
        assertThat(Files.isDirectory(dir)).as("case folder " + dir).isTrue();
        RuleTester tester = RuleTester.of(rule);
        List<Path> cases = RuleTester.cases(dir);
        return cases.stream().map(c -> DynamicTest.dynamicTest(c.getFileName().toString(), c.toUri(), () -> {
            RuleTester.CaseResult r = tester.run(c);
            assertThat(r.problems()).as(c.getFileName().toString()).isEmpty();
        }));
    }
}
