package io.idemcheck.rules;

import io.idemcheck.core.engine.Analyzer;
import io.idemcheck.core.engine.ProgressListener;
import io.idemcheck.core.engine.ScanRequest;
import io.idemcheck.core.explain.Explainer;
import io.idemcheck.core.explain.Explanation;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.model.Project;
import io.idemcheck.core.rule.Rule;
import io.idemcheck.core.rule.RuleRegistry;
import io.idemcheck.core.testing.RuleTester;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rules that explain their conditions ({@link Rule#explain}) say exactly what their check does: on every method
 * of every marked case of the rules below, the lines where the trace says "fired" are the lines
 * of the rule's findings in that method (suppressed ones included: the rule fired, a suppression accepted it), and a
 * method without a finding names at least one missing condition.
 */
class RuleExplainTest {

    private static final List<Rule> EXPLAINING = List.of(new SideEffectBeforeStatusRecord(),
            new TransactionalBatchLoop(), new NonConditionalStatusUpdate(), new CheckThenActStatusGuard(),
            new IgnoredClaimResult(), new UnboundedRetry(), new MissingKillMidwayTest(),
            new StaleRunningNotRecovered(), new LockInsteadOfIdempotency(), new EffectRetriedWithoutKey(),
            new MissingUniqueBusinessKey(), new NoReconciliation());

    @TestFactory
    Stream<DynamicTest> traceAgreesWithTheCheckOnEveryCase() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Rule rule : EXPLAINING) {
            for (Path c : RuleTester.cases(RuleCases.dir(rule))) {
                tests.add(DynamicTest.dynamicTest(rule.info().id() + " " + c.getFileName(), c.toUri(),
                        () -> assertAgrees(rule, c)));
            }
        }
        assertThat(tests).hasSizeGreaterThan(100);
        return tests.stream();
    }

    private static void assertAgrees(Rule rule, Path casePath) throws IOException {
        Path root = (Files.isDirectory(casePath) ? casePath : casePath.getParent()).toAbsolutePath().normalize();
        Path target = casePath.toAbsolutePath().normalize();
        AtomicReference<Project> model = new AtomicReference<>();
        ScanResult result = new Analyzer().scan(new ScanRequest(List.of(target), root, 1,
                RuleRegistry.of(List.of(rule)), ProgressListener.NONE), model::set);
        Explainer explainer = new Explainer(model.get(), result, List.of(rule), null);
        List<Path> javaFiles;
        try (Stream<Path> s = Files.isDirectory(target) ? Files.walk(target) : Stream.of(target)) {
            javaFiles = s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        Set<Explanation.FindingRef> findingsSeen = new java.util.HashSet<>(); // one finding may belong to two methods
        for (Path file : javaFiles) {
            if (model.get().files().stream().noneMatch(f -> f.path().equals(file))) {
                continue; // not a parsed input of the case (none is expected)
            }
            Explanation e;
            try {
                e = explainer.explain(file, null, root);
            } catch (IllegalArgumentException noMethod) {
                continue; // a file with no method (a record, an empty interface)
            }
            for (Explanation.Method m : e.methods()) {
                Explanation.RuleVerdict v = m.rules().get(0);
                Set<Integer> found = Stream.concat(v.findings().stream(), v.suppressed().stream())
                        .map(Explanation.FindingRef::line).collect(Collectors.toCollection(TreeSet::new));
                Set<Integer> fired = v.steps().stream().filter(s -> s.kind().equals("fired"))
                        .map(Explanation.Step::line).collect(Collectors.toCollection(TreeSet::new));
                findingsSeen.addAll(v.findings());
                findingsSeen.addAll(v.suppressed());
                assertThat(v.explained()).as(m.name()).isTrue();
                assertThat(fired).as(m.name() + " fired lines vs findings; steps " + v.steps()).isEqualTo(found);
                if (found.isEmpty()) {
                    assertThat(v.missing()).as(m.name() + " names what is missing; steps " + v.steps()).isNotEmpty();
                }
            }
        }
        long expected = Stream.concat(result.findings().stream(), result.suppressed().stream().map(x -> x.finding()))
                .filter(f -> f.ruleId().equals(rule.info().id()) && f.primary().path().endsWith(".java")).count();
        if (!(rule instanceof MissingUniqueBusinessKey)) { // it reports a table at its entity class, in no method
            assertThat(findingsSeen.size()).as("every finding in a Java file belongs to a method").isEqualTo(expected);
        }
    }

    @Test
    void idem001NamesTheClaimThatGuardsTheEffect() throws IOException {
        Path c = RuleCases.dir(new SideEffectBeforeStatusRecord()).resolve("Neg06_ClaimCheckedBeforeEffect.java");
        List<String> missing = missing(new SideEffectBeforeStatusRecord(), c);
        assertThat(missing).anySatisfy(s -> assertThat(s).contains("an unprotected effect: the claim")
                .contains("guards it and its row count is checked"));
    }

    @Test
    void idem001NamesTheKeyDerivedFromTheItem() throws IOException {
        Path c = RuleCases.dir(new SideEffectBeforeStatusRecord()).resolve("Neg03_KeyDerivedFromItem.java");
        assertThat(missing(new SideEffectBeforeStatusRecord(), c))
                .anySatisfy(s -> assertThat(s).contains("carries an idempotency key derived from the item"));
    }

    @Test
    void idem001NamesTheRecordThatComesFirst() throws IOException {
        Path c = RuleCases.dir(new SideEffectBeforeStatusRecord()).resolve("Neg02_RecordBeforeEffect.java");
        assertThat(missing(new SideEffectBeforeStatusRecord(), c))
                .anySatisfy(s -> assertThat(s).contains("a record of the same item after it: none follows"));
    }

    /**
     * A job whose charges pass a key-like value that is no key: one with a part of the catalog's
     * nonDeterministicKeyCalls (idWorker.nextId()), one not derived from the item (a constant); a third whose key is
     * the item's own (the negative: keyed, nothing rejected). Lines: charge calls at 15, 17 and 19.
     */
    static final String KEYS = """
            package com.acme;
            import java.util.List;
            import org.springframework.scheduling.annotation.Scheduled;
            import org.springframework.retry.annotation.Retryable;
            public class OrderJob {
                private OrderMapper orders;
                private PayClient pay;
                private IdWorker idWorker;
                @Scheduled(fixedDelay = 1000)
                @Retryable(maxAttempts = 5)
                public void run() {
                    for (Long orderId : orders.selectPending()) {
                        String requestNo = orderId + "-" + idWorker.nextId();
                        String batchNo = "nightly";
                        pay.chargeCard(requestNo, 5);
                        orders.markPaid(orderId);
                        pay.chargeCard(batchNo, 6);
                        orders.markPaid(orderId);
                        pay.chargeCard("order-" + orderId, 7);
                        orders.markPaid(orderId);
                    }
                }
            }
            interface PayClient { void chargeCard(String requestNo, int amount); }
            interface IdWorker { long nextId(); }
            @org.apache.ibatis.annotations.Mapper
            interface OrderMapper {
                @org.apache.ibatis.annotations.Select("SELECT id FROM t_order WHERE status = 'NEW'")
                List<Long> selectPending();
                @org.apache.ibatis.annotations.Update("UPDATE t_order SET status = 'PAID' WHERE id = #{id}")
                int markPaid(long id);
            }
            """;

    @Test
    void idem001AndIdem010NameWhatDisqualifiedAKey(@org.junit.jupiter.api.io.TempDir Path tmp) throws IOException {
        Path file = tmp.resolve("OrderJob.java");
        Files.writeString(file, KEYS);
        for (Rule rule : List.of(new SideEffectBeforeStatusRecord(), new EffectRetriedWithoutKey())) {
            AtomicReference<Project> model = new AtomicReference<>();
            ScanResult result = new Analyzer().scan(new ScanRequest(List.of(file), tmp, 1,
                    RuleRegistry.of(List.of(rule)), ProgressListener.NONE), model::set);
            Explanation e = new Explainer(model.get(), result, List.of(rule), null).explain(file, 11, tmp);
            Explanation.RuleVerdict v = e.methods().get(0).rules().get(0);
            assertThat(v.status()).as(rule.info().id()).isEqualTo("fired");
            List<String> held = v.steps().stream().filter(st -> st.kind().equals("held")
                    && st.text().contains("no idempotency key")).map(st -> st.line() + " " + st.text()).toList();
            assertThat(held).as(rule.info().id()).hasSize(2);
            assertThat(held.get(0)).startsWith("15 ").endsWith("; the key was rejected: requestNo, the key-like "
                    + "argument (taken as a key by catalog.json keyParameterNames: parameter requestNo of "
                    + "PayClient.chargeCard()), is no key: it "
                    + "differs on every run (it contains nextId(), because catalog.json "
                    + "vocabularies.nonDeterministicKeyCalls: nextId(");
            assertThat(held.get(1)).startsWith("17 ").endsWith("; the key was rejected: batchNo, the key-like "
                    + "argument (taken as a key by catalog.json keyParameterNames: parameter requestNo of "
                    + "PayClient.chargeCard()), is no key: not derived from the item (it derives from batchNo; the "
                    + "item is orderId, requestNo)");
            // the keyed charge at line 19 is no unprotected effect: nothing to reject
            assertThat(v.steps()).noneMatch(st -> st.line() == 19 && st.text().contains("rejected"));
            Explanation.Call charge = e.methods().get(0).calls().stream().filter(c -> c.line() == 15).findFirst()
                    .orElseThrow();
            assertThat(charge.context()).anyMatch(x -> x.startsWith("no idempotency key: requestNo, the key-like "));
        }
    }

    /**
     * Keys by data flow: a value handed to a parameter named requestId of a callee whose body is in the sources and
     * sends it only as a trace header is rejected as a key, and the explanation says why (a name is no key).
     */
    @Test
    void idem001SaysAKeyNamedParameterTheBodyDoesNotSendIsNoKey() throws IOException {
        SideEffectBeforeStatusRecord rule = new SideEffectBeforeStatusRecord();
        Path file = RuleCases.dir(rule).resolve("Pos130_RequestIdOnlyTracedIsNoKey.java").toAbsolutePath()
                .normalize();
        AtomicReference<Project> model = new AtomicReference<>();
        ScanResult result = new Analyzer().scan(new ScanRequest(List.of(file), file.getParent(), 1,
                RuleRegistry.of(List.of(rule)), ProgressListener.NONE), model::set);
        Explanation e = new Explainer(model.get(), result, List.of(rule), null).explain(file, 36, file.getParent());
        Explanation.RuleVerdict v = e.methods().get(0).rules().get(0);
        List<String> held = v.steps().stream().filter(st -> st.line() == 36 && st.kind().equals("held")
                && st.text().contains("no idempotency key")).map(Explanation.Step::text).toList();
        assertThat(held).hasSize(1);
        assertThat(held.get(0)).endsWith("; the key was rejected: \"notice-\" + d.getId() (the callee's parameter "
                + "requestId), passed to NoticeSender.notify(), is no key: NoticeSender.notify() is in the sources and "
                + "sends it to no key carrier (keyCarrierMethods), key header (keyHeaderNames) or business number, "
                + "directly or through the methods it calls; a name is no key");
    }

    /** Every missing condition the rule names on the methods of one case file. */
    private static List<String> missing(Rule rule, Path caseFile) throws IOException {
        Path root = caseFile.getParent().toAbsolutePath().normalize();
        Path file = caseFile.toAbsolutePath().normalize();
        AtomicReference<Project> model = new AtomicReference<>();
        ScanResult result = new Analyzer().scan(new ScanRequest(List.of(file), root, 1,
                RuleRegistry.of(List.of(rule)), ProgressListener.NONE), model::set);
        assertThat(result.findings()).isEmpty();
        Explanation e = new Explainer(model.get(), result, List.of(rule), null).explain(file, null, root);
        List<String> out = new ArrayList<>();
        e.methods().forEach(m -> out.addAll(m.rules().get(0).missing()));
        return out;
    }
}
