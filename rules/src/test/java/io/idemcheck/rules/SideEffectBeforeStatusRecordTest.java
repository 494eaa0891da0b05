package io.idemcheck.rules;

import io.idemcheck.core.finding.Finding;
import io.idemcheck.core.finding.Location;
import io.idemcheck.core.testing.RuleTester;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class SideEffectBeforeStatusRecordTest {

    @TestFactory
    Stream<DynamicTest> markedCases() {
        return RuleCases.of(new SideEffectBeforeStatusRecord());
    }

    /**
     * An effect handed to another thread while the record stays in the loop ({@code supplyAsync(() -> charge)} then
     * {@code markPaid}) is said to run on another thread, before, after or without the record; an effect and record in
     * the same handed-off lambda keep their order and the plain "before" message.
     */
    @Test
    void anEffectHandedToAnotherThreadIsSaidToRunBeforeAfterOrWithoutTheRecord() {
        SideEffectBeforeStatusRecord rule = new SideEffectBeforeStatusRecord();
        RuleTester.CaseResult r = RuleTester.of(rule)
                .run(RuleCases.dir(rule).resolve("Pos113_EffectHandedToAnExecutorInALoop.java"));
        Finding handedOff = r.actual().stream().filter(f -> f.primary().startLine() == 68).findFirst().orElseThrow();
        assertThat(handedOff.message()).startsWith("rest.postForObject() at line 68 calls a remote service on another thread")
                .contains(" on another thread: CompletableFuture.supplyAsync() at line 68 hands it off, so it may run "
                        + "before, after or without orders.markPaid() at line 69, which records the item's state; if "
                        + "the process dies after the effect and before the record, a restart ")
                .doesNotContain("if the process dies between them");
        Finding inLambda = r.actual().stream().filter(f -> f.primary().startLine() == 36).findFirst().orElseThrow();
        assertThat(inLambda.message()).contains(" before orders.markPaid() at line 37 records the item's state; if the "
                + "process dies between them").doesNotContain("another thread");
    }

    /** A gap in a method a job reaches names the chain from the job's entry point down to that method. */
    @Test
    void aGapInACalledMethodRelatesTheChainFromTheJobEntryPoint() {
        SideEffectBeforeStatusRecord rule = new SideEffectBeforeStatusRecord();
        RuleTester.CaseResult r = RuleTester.of(rule)
                .run(RuleCases.dir(rule).resolve("Pos79_CreditInServiceCalledFromJob.java"));
        assertThat(r.actual()).hasSize(1);
        Finding f = r.actual().get(0);
        assertThat(f.primary().startLine()).isEqualTo(42);
        assertThat(f.message()).contains("adds to distributor.commission_frozen again");
        List<Location> related = f.related();
        assertThat(related).anySatisfy(l -> {
            assertThat(l.startLine()).isEqualTo(23);
            assertThat(l.label()).contains("ProfitSharingJob.run() is a job entry point");
        });
        assertThat(related).anySatisfy(l -> {
            assertThat(l.startLine()).isEqualTo(26);
            assertThat(l.label()).isEqualTo("orders.complete() calls DistributionOrderService.complete()");
        });
    }

    /**
     * An effect inside a {@code stream().forEach(r -> ..)} lambda, and one in a helper a job runs for each row by a
     * method reference ({@code forEach(this::settle)}): each finding relates the entry method, the loop over the rows
     * and the calls from the entry down to the effect.
     */
    @Test
    void anEffectInAStreamLambdaOrAMethodReferenceRelatesTheEntryAndTheLoop() {
        SideEffectBeforeStatusRecord rule = new SideEffectBeforeStatusRecord();
        RuleTester.CaseResult r = RuleTester.of(rule)
                .run(RuleCases.dir(rule).resolve("Pos121_EffectInStreamLambdaAndMethodReference.java"));
        assertThat(r.actual()).hasSize(2);
        Finding inLambda = r.actual().stream().filter(f -> f.primary().startLine() == 26).findFirst().orElseThrow();
        assertThat(inLambda.related()).anySatisfy(l -> {
            assertThat(l.startLine()).isEqualTo(23);
            assertThat(l.label()).contains("OrderSyncJob.run() is a job entry point");
        });
        assertThat(inLambda.related()).anySatisfy(l -> {
            assertThat(l.startLine()).isEqualTo(25);
            assertThat(l.label()).contains("loop");
        });
        Finding inHelper = r.actual().stream().filter(f -> f.primary().startLine() == 37).findFirst().orElseThrow();
        assertThat(inHelper.related()).anySatisfy(l -> {
            assertThat(l.startLine()).isEqualTo(32);
            assertThat(l.label()).contains("OrderSyncJob.settleAll() is a job entry point");
        });
        assertThat(inHelper.related()).anySatisfy(l -> {
            assertThat(l.startLine()).isEqualTo(33);
            assertThat(l.label()).contains("calls OrderSyncJob.settle()");
        });
        assertThat(inHelper.related()).anySatisfy(l -> {
            assertThat(l.startLine()).isEqualTo(33);
            assertThat(l.label()).contains("loop");
        });
    }
}
