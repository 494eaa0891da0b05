package io.idemcheck.rules;

import io.idemcheck.core.finding.Finding;
import io.idemcheck.core.testing.RuleTester;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class MissingKillMidwayTestTest {

    @TestFactory
    Stream<DynamicTest> markedCases() {
        return RuleCases.of(new MissingKillMidwayTest());
    }

    /**
     * A job a @PostConstruct method starts on a ScheduledExecutorService is reported at the method that runs on each
     * tick (the method reference's target, the method a lambda only calls), and the registration is related.
     */
    @Test
    void aScheduledExecutorJobPointsAtTheTickAndRelatesTheRegistration() {
        MissingKillMidwayTest rule = new MissingKillMidwayTest();
        RuleTester.CaseResult r = RuleTester.of(rule)
                .run(RuleCases.dir(rule).resolve("Pos30_PostConstructScheduledExecutorPointsAtTheTick"));
        assertThat(r.actual()).hasSize(3);
        Finding byReference = at(r, 30);
        assertThat(byReference.related()).anySatisfy(l -> {
            assertThat(l.startLine()).isEqualTo(27);
            assertThat(l.label()).isEqualTo("executor.scheduleAtFixedRate() in ChargePoller.init() runs "
                    + "ChargePoller.run(): the job is registered here");
        });
        Finding byLambda = at(r, 49);
        assertThat(byLambda.related()).anySatisfy(l -> {
            assertThat(l.startLine()).isEqualTo(46);
            assertThat(l.label()).isEqualTo("executor.scheduleWithFixedDelay() in MailPoller.start() runs "
                    + "MailPoller.poll(): the job is registered here");
        });
        Finding inline = at(r, 64);
        assertThat(inline.related()).anySatisfy(l -> {
            assertThat(l.startLine()).isEqualTo(65);
            assertThat(l.label()).isEqualTo("executor.scheduleWithFixedDelay() runs it: the job is registered here");
        });
    }

    private static Finding at(RuleTester.CaseResult r, int line) {
        return r.actual().stream().filter(f -> f.primary().startLine() == line).findFirst()
                .orElseThrow(() -> new AssertionError("no finding at line " + line + ": " + r.actual()));
    }
}
