package io.idemcheck.rules;

import io.idemcheck.core.finding.Finding;
import io.idemcheck.core.testing.RuleTester;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class LockInsteadOfIdempotencyTest {

    @TestFactory
    Stream<DynamicTest> markedCases() {
        return RuleCases.of(new LockInsteadOfIdempotency());
    }

    /** A fixed-name lock built from a client field or given a task lambda names the loop, not a key of an item. */
    @Test
    void aFixedNameLockNamesTheLoopNotTheClientOrTheTaskAsItsKey() {
        LockInsteadOfIdempotency rule = new LockInsteadOfIdempotency();
        RuleTester.CaseResult r = RuleTester.of(rule)
                .run(RuleCases.dir(rule).resolve("Pos13_FixedNameLocksBuiltFromClientAndTask.java"));
        assertThat(r.actual()).hasSize(2);
        for (Finding f : r.actual()) {
            assertThat(f.message()).contains("for each r of mapper.selectDue() (loop at line 56)")
                    .doesNotContain("keyed by");
        }
    }
}
