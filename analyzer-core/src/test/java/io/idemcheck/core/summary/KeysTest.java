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
                public void byArgumentName(List<Task> tasks) {
                    for (Task t : tasks) {
                        String requestNo = "pay-" + t.getId();
                        gateway.chargeCard(requestNo, 5);                            // keyed: requestNo <- t
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
                    gateway.chargeCard(t.getName(), 5);                              // negative: nothing says key
                }
                public void inLedger(Task t) {
                    ledger.runOnce("pay:" + t.getId(), () -> gateway.chargeCard(t.getName(), 5));  // keyed
                }
            }
            interface Gateway {
                void chargeCard(String ref, long amount);
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

    @Test
    void aKeyNamedArgumentOrParameterDerivedFromTheItemKeysTheEffect() throws Exception {
        Project p = SummaryFixture.scan(tmp, mainJava("Job", SRC));
        assertThat(keyRoots(p, "byArgumentName", "chargeCard", 0)).contains("requestNo", "t");
        assertThat(keyRoots(p, "byDeclaredParameter", "payOrder", 0)).containsExactly("t");
        assertThat(keyRoots(p, "inLedger", "chargeCard", 0)).containsExactly("t");

        assertThat(keyRoots(p, "randomKey", "chargeCard", 0)).isNull();
        assertThat(keyRoots(p, "clockKey", "chargeCard", 0)).isNull();
        assertThat(keyRoots(p, "constantKey", "chargeCard", 0)).isNull();
        assertThat(keyRoots(p, "plainArgument", "chargeCard", 0)).isNull();
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
                interface Gateway { void chargeCard(String ref, long amount); }
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
                interface Gateway { void chargeCard(String ref, long amount); }
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
