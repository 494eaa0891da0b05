package io.idemcheck.core.summary;

import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.model.Project;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static io.idemcheck.core.summary.SummaryFixture.call;
import static io.idemcheck.core.summary.SummaryFixture.calls;
import static io.idemcheck.core.summary.SummaryFixture.mainJava;
import static io.idemcheck.core.summary.SummaryFixture.method;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link Keys}: an effect is keyed when it carries a stable idempotency key derived from the item (a key-named
 * argument or parameter, a key carrier or header set on what it sends, a ledger's {@code runOnce(key, ..)}, a
 * callee's key parameter, an idemcheck.yml key carrier), and the names the key derives from; a random or clock key,
 * a constant, or a key-like header of another name is no key.
 */
class KeysTest {

    @TempDir
    Path tmp;

    /** The key roots of the {@code n}-th call named {@code name} in {@code method}; null when unkeyed. */
    private static Set<String> keyRoots(Project p, String method, String name, int n) {
        MethodRef m = method(p, method);
        CallSite c = calls(m, name).get(n);
        CallInfo ci = p.semantics().calls(m).get(c.id());
        assertThat(ci.effect()).as(name + " in " + method + " is an effect").isNotNull();
        Set<String> roots = new Keys(p.catalog()).keyRoots(m, c, ci);
        assertThat(ci.keyed()).as("keyed agrees with the key roots").isEqualTo(roots != null);
        return roots;
    }

    static final String SRC = """
            package com.acme;
            import java.util.List;
            import java.util.UUID;
            public class Job {
                private Gateway gateway;
                private Ledger ledger;
                public void byKeyParameter(List<Task> tasks) {
                    for (Task t : tasks) {
                        String ref = "pay-" + t.getId();
                        gateway.chargeCard(ref, 5);                                  // keyed: ref <- t, requestNo
                    }
                }
                public void byArgumentName(List<Task> tasks) {
                    for (Task t : tasks) {
                        String requestNo = "pay-" + t.getId();
                        gateway.capture(requestNo, 5);                               // negative: only a name
                    }
                }
                public void randomKey(List<Task> tasks) {
                    for (Task t : tasks) {
                        String requestNo = UUID.randomUUID().toString();
                        gateway.chargeCard(requestNo, 5);                            // negative: random
                    }
                }
                public void clockKey(Task t) {
                    String requestNo = t.getId() + "-" + System.currentTimeMillis();
                    gateway.chargeCard(requestNo, 5);                                // negative: a clock part
                }
                public void constantKey() {
                    String requestNo = "daily";
                    gateway.chargeCard(requestNo, 5);                                // negative: not the item
                }
                public void byDeclaredParameter(Task t) {
                    gateway.payOrder("T" + t.getId(), 5);                            // keyed: outTradeNo parameter
                }
                public void plainArgument(Task t) {
                    gateway.capture(t.getName(), 5);                                 // negative: nothing says key
                }
                public void inLedger(Task t) {
                    ledger.runOnce("pay:" + t.getId(), () -> gateway.capture(t.getName(), 5));  // keyed
                }
            }
            interface Gateway {
                void chargeCard(String requestNo, long amount);
                void capture(String ref, long amount);
                void payOrder(String outTradeNo, long amount);
            }
            interface Ledger { void runOnce(String key, Runnable r); }
            class Task {
                long id;
                String name;
                long getId() { return id; }
                String getName() { return name; }
            }
            """;

    /**
     * A key-named parameter of a callee with no body in the sources (a remote interface) is a key; a caller's
     * variable named like a key, handed to a parameter that is not, is none (keys by data flow, not by name).
     */
    @Test
    void aKeyNamedArgumentOrParameterDerivedFromTheItemKeysTheEffect() throws Exception {
        Project p = SummaryFixture.scan(tmp, mainJava("Job", SRC));
        assertThat(keyRoots(p, "byKeyParameter", "chargeCard", 0)).contains("ref", "t");
        assertThat(keyRoots(p, "byDeclaredParameter", "payOrder", 0)).containsExactly("t");
        assertThat(keyRoots(p, "inLedger", "capture", 0)).containsExactly("t");
        assertThat(keyRoots(p, "byArgumentName", "capture", 0)).isNull();

        assertThat(keyRoots(p, "randomKey", "chargeCard", 0)).isNull();
        assertThat(keyRoots(p, "clockKey", "chargeCard", 0)).isNull();
        assertThat(keyRoots(p, "constantKey", "chargeCard", 0)).isNull();
        assertThat(keyRoots(p, "plainArgument", "capture", 0)).isNull();
    }

    @Test
    void aKeyHeaderOrCarrierSetOnWhatTheEffectSendsKeysIt() throws Exception {
        String src = """
                package com.acme;
                import org.springframework.http.HttpEntity;
                import org.springframework.http.HttpHeaders;
                import org.springframework.web.client.RestTemplate;
                public class Http {
                    private RestTemplate restTemplate;
                    private Gateway gateway;
                    public void header(Task t) {
                        HttpHeaders headers = new HttpHeaders();
                        headers.set("Idempotency-Key", "pay-" + t.getId());
                        HttpEntity<Task> e = new HttpEntity<>(t, headers);
                        restTemplate.postForObject("http://pay", e, String.class);       // keyed
                    }
                    public void otherHeader(Task t) {
                        HttpHeaders headers = new HttpHeaders();
                        headers.set("X-Trace", "pay-" + t.getId());
                        HttpEntity<Task> e = new HttpEntity<>(t, headers);
                        restTemplate.postForObject("http://pay", e, String.class);       // negative: not a key header
                    }
                    public void carrier(Task t) {
                        ChargeRequest req = new ChargeRequest();
                        req.setOutTradeNo("T" + t.getId());
                        gateway.chargeCard(req);                                         // keyed
                    }
                    public void carrierAfter(Task t) {
                        ChargeRequest req = new ChargeRequest();
                        gateway.chargeCard(req);                                         // negative: set too late
                        req.setOutTradeNo("T" + t.getId());
                    }
                }
                interface Gateway { void chargeCard(ChargeRequest r); }
                class ChargeRequest { void setOutTradeNo(String s) { } }
                class Task { long id; long getId() { return id; } }
                """;
        Project p = SummaryFixture.scan(tmp, mainJava("Http", src));
        assertThat(keyRoots(p, "header", "postForObject", 0)).containsExactly("t");
        assertThat(keyRoots(p, "otherHeader", "postForObject", 0)).isNull();
        assertThat(keyRoots(p, "carrier", "chargeCard", 0)).containsExactly("t");
        assertThat(keyRoots(p, "carrierAfter", "chargeCard", 0)).isNull();
    }

    @Test
    void aCalleesKeyParameterKeysTheCallExactlyWhenAStableKeyIsPassedThere() throws Exception {
        String src = """
                package com.acme;
                import java.util.UUID;
                public class Job {
                    private PayService payService;
                    public void stable(Task t) {
                        payService.pay(5, "T" + t.getId());                          // keyed
                    }
                    public void random(Task t) {
                        payService.pay(5, UUID.randomUUID().toString());             // negative
                    }
                }
                class PayService {
                    private Gateway gateway;
                    void pay(long amount, String bizNo) {
                        gateway.chargeCard(bizNo, amount);
                    }
                }
                interface Gateway { void chargeCard(String outTradeNo, long amount); }
                class Task { long id; long getId() { return id; } }
                """;
        Project p = SummaryFixture.scan(tmp, mainJava("Job", src));
        List<EffectTrace> effects = p.semantics().summary(method(p, "pay")).effects();
        assertThat(effects).hasSize(1);
        assertThat(effects.get(0).keyParam()).as("keyed by pay's parameter 1, bizNo").isEqualTo(1);
        assertThat(keyRoots(p, "stable", "pay", 0)).containsExactly("t");
        assertThat(keyRoots(p, "random", "pay", 0)).isNull();
        // the item is stable's own parameter: its callers decide, so the effect stays, keyed by parameter 0
        assertThat(p.semantics().summary(method(p, "stable")).effects()).extracting(EffectTrace::keyParam)
                .containsExactly(0);
        assertThat(p.semantics().summary(method(p, "random")).effects()).hasSize(1);
    }

    /**
     * Keys by data flow: a parameter named requestId of a project method whose body is in the sources is a key only
     * where that body (or a method it calls) sends it to a key header, a key carrier or a business number of the
     * request ({@code Map.of("out_refund_no", no, ..)}); a trace header is none.
     */
    @Test
    void aKeyNamedParameterOfACalleeInTheSourcesIsAKeyOnlyWhereItsBodySendsIt() throws Exception {
        String src = """
                package com.acme;
                import java.util.Map;
                import org.springframework.http.HttpEntity;
                import org.springframework.http.HttpHeaders;
                import org.springframework.web.client.RestTemplate;
                public class Job {
                    private Notifier notifier;
                    public void runTraced(Task t) {
                        notifier.traced(t, "n-" + t.getId());                        // negative: a trace header
                    }
                    public void runIgnored(Task t) {
                        notifier.ignored(t, "n-" + t.getId());                       // negative: sent nowhere
                    }
                    public void runDeep(Task t) {
                        notifier.deep(t, "n-" + t.getId());                          // keyed: two calls down
                    }
                    public void runRefund(Task t) {
                        notifier.refund(t, "RF" + t.getId());                        // keyed: out_refund_no
                    }
                }
                class Notifier {
                    private RestTemplate rest;
                    void traced(Task t, String requestId) {
                        HttpHeaders h = new HttpHeaders();
                        h.set("X-Trace-Id", requestId);
                        rest.postForObject("http://n", new HttpEntity<>(t, h), Void.class);
                    }
                    void ignored(Task t, String requestId) {
                        rest.postForObject("http://n", t, Void.class);
                    }
                    void deep(Task t, String requestId) {
                        send(t, requestId);
                    }
                    void send(Task t, String token) {
                        HttpHeaders h = new HttpHeaders();
                        h.set("Idempotency-Key", token);
                        rest.postForObject("http://n", new HttpEntity<>(t, h), Void.class);
                    }
                    void refund(Task t, String requestNo) {
                        rest.postForObject("http://r", Map.of("out_refund_no", requestNo, "amount", t.getId()),
                                Void.class);
                    }
                }
                class Task { long id; long getId() { return id; } }
                """;
        Project p = SummaryFixture.scan(tmp, mainJava("Job", src));
        assertThat(keyRoots(p, "runTraced", "traced", 0)).isNull();
        assertThat(keyRoots(p, "runIgnored", "ignored", 0)).isNull();
        assertThat(keyRoots(p, "runDeep", "deep", 0)).containsExactly("t");
        assertThat(keyRoots(p, "runRefund", "refund", 0)).containsExactly("t");
        assertThat(p.semantics().summary(method(p, "deep")).effects()).extracting(EffectTrace::keyParam)
                .containsExactly(1);
        assertThat(p.semantics().summary(method(p, "refund")).effects()).extracting(EffectTrace::keyParam)
                .containsExactly(1);
        MethodRef traced = method(p, "runTraced");
        assertThat(p.semantics().keyRejection(traced, calls(traced, "traced").get(0)))
                .contains("(the callee's parameter requestId), passed to Notifier.traced(), is no key");
    }

    @Test
    void anEffectLeftUnkeyedInACallerHasNoKeyParameterInItsSummary() throws Exception {
        String src = """
                package com.acme;
                import java.util.UUID;
                public class Job {
                    private PayService payService;
                    public void top(Task t) {
                        random(t.getId(), "R" + t.getId());                          // negative: the key is random
                    }
                    void random(long id, String note) {
                        payService.pay(5, UUID.randomUUID().toString());
                    }
                }
                class PayService {
                    private Gateway gateway;
                    void pay(long amount, String bizNo) {
                        gateway.chargeCard(bizNo, amount);
                    }
                }
                interface Gateway { void chargeCard(String outTradeNo, long amount); }
                class Task { long id; long getId() { return id; } }
                """;
        Project p = SummaryFixture.scan(tmp, mainJava("Job", src));
        assertThat(p.semantics().summary(method(p, "random")).effects()).extracting(EffectTrace::keyParam)
                .containsExactly(-1);
        assertThat(keyRoots(p, "top", "random", 0)).as("what top passes as note is no key").isNull();
    }

    @Test
    void anIdemcheckYmlKeyCarrierNamesTheArgumentThatCarriesTheKey() throws Exception {
        String config = """
                effects:
                  - {pattern: "com.acme.Bank#wire(*,*)", kind: payment}
                keyCarriers:
                  - {pattern: "com.acme.Bank#wire(*,*)", parameter: 1}
                """;
        String src = """
                package com.acme;
                public class Job {
                    private Bank bank;
                    public void run(Task t) {
                        bank.wire(t.getAmount(), "W" + t.getId());                   // keyed by parameter 1
                    }
                    public void constant(Task t) {
                        bank.wire("W" + t.getId(), "fixed");                         // negative: 1 is a constant
                    }
                }
                interface Bank { void wire(Object a, Object b); }
                class Task { long id; long amount; long getId() { return id; } long getAmount() { return amount; } }
                """;
        Project p = SummaryFixture.scanWithConfig(tmp, config, mainJava("Job", src));
        assertThat(keyRoots(p, "run", "wire", 0)).containsExactly("t");
        assertThat(keyRoots(p, "constant", "wire", 0)).as("the item's id is passed, but not as the key").isNull();
    }
}
