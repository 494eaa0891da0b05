package io.idemcheck.core.summary;

import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.index.CallTarget;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.model.Project;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static io.idemcheck.core.summary.SummaryFixture.call;
import static io.idemcheck.core.summary.SummaryFixture.calls;
import static io.idemcheck.core.summary.SummaryFixture.method;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link RemoteCalls}: a call through a {@code @DubboReference} field or a bodiless Retrofit/Feign-style method mapped
 * to a write is an effect with the annotation as evidence, and one mapped to a read (GET, a read name, a credential)
 * is a read; a payment SDK executor given a query request reads; an effect reached through a library accessor
 * ({@code opsForStream().add}) is the catalog's entry; plain project calls are none of these.
 */
class RemoteCallsTest {

    @TempDir
    Path tmp;

    static final String JOB = """
            package com.acme;
            import org.apache.dubbo.config.annotation.DubboReference;
            import org.springframework.data.redis.core.StringRedisTemplate;
            public class Job {
                @DubboReference
                private OrderRpc orderRpc;
                private PayApi payApi;
                private Local local;
                private StringRedisTemplate redis;
                private SdkClient sdk;
                public void run(long id) {
                    orderRpc.createOrder(id);                                // positive: Dubbo write
                    orderRpc.getOrder(id);                                   // negative: Dubbo read
                    payApi.charge(id);                                       // positive: @POST
                    payApi.status(id);                                       // negative: @GET
                    payApi.login("u");                                       // negative: a credential
                    payApi.findCharges(id);                                  // negative: a read name, no mapping
                    local.createOrder(id);                                   // negative: a project method with a body
                    redis.opsForStream().add("s", java.util.Map.of("id", "1")); // positive: accessor effect
                    redis.opsForValue().set("k", "v");                       // negative: not listed
                    sdk.execute(new AlipayTradeQueryRequest());              // positive: a query request
                    AlipayTradeRefundRequest refund = new AlipayTradeRefundRequest();
                    sdk.execute(refund);                                     // negative: a refund
                    sdk.execute();                                           // negative: no request
                }
            }
            interface OrderRpc { void createOrder(long id); String getOrder(long id); }
            interface PayApi {
                @retrofit2.http.POST("/charges") void charge(long id);
                @retrofit2.http.GET("/charges/{id}") String status(long id);
                @retrofit2.http.POST("/session") String login(String user);
                String findCharges(long id);
            }
            class Local { void createOrder(long id) { } }
            interface SdkClient { Object execute(Object request); Object execute(); }
            class AlipayTradeQueryRequest { }
            class AlipayTradeRefundRequest { }
            """;

    private Project p;
    private RemoteCalls rc;
    private MethodRef run;

    @BeforeEach
    void scan() throws Exception {
        p = SummaryFixture.scan(tmp, SummaryFixture.mainJava("Job", JOB));
        rc = new RemoteCalls(p.index());
        run = method(p, "Job.run");
    }

    private Optional<EffectTrace> annotated(CallSite c) {
        CallTarget t = p.index().calls(run).get(c.id());
        return rc.annotated(run, c, t, Sites.display(c));
    }

    private MethodRef declared(CallSite c) {
        return p.index().calls(run).get(c.id()).declared();
    }

    @Test
    void aDubboFieldOrAMappedBodilessWriteIsAnEffectWithTheAnnotationAsEvidence() {
        Optional<EffectTrace> dubbo = annotated(call(run, "createOrder"));
        assertThat(dubbo).isPresent();
        assertThat(dubbo.get().kind()).isEqualTo("http");
        assertThat(dubbo.get().leaf()).isEqualTo("OrderRpc.createOrder");
        assertThat(dubbo.get().evidence().source()).isEqualTo("catalog.json effectAnnotations");
        assertThat(dubbo.get().evidence().entry()).isEqualTo("@DubboReference (http) on the field Job.orderRpc");

        Optional<EffectTrace> post = annotated(call(run, "charge"));
        assertThat(post).isPresent();
        assertThat(post.get().leaf()).isEqualTo("PayApi.charge");
        assertThat(post.get().evidence().entry()).isEqualTo("@POST (http) on com.acme.PayApi#charge");
        assertThat(post.get().evidence().line()).isEqualTo(29);
    }

    @Test
    void aMappedReadOrCredentialIsNoEffectAndAProjectMethodWithABodyIsNotDecidedHere() {
        assertThat(annotated(call(run, "getOrder"))).as("a Dubbo read").isEmpty();
        assertThat(annotated(call(run, "status"))).as("a bodiless @GET mapping is a read, whatever the name").isEmpty();
        assertThat(annotated(call(run, "login"))).as("a credential").isEmpty();
        assertThat(annotated(calls(run, "createOrder").get(1))).as("Local.createOrder has a body").isNull();
        assertThat(annotated(call(run, "findCharges"))).as("no annotation: the caller decides").isNull();

        assertThat(rc.remoteRead(declared(call(run, "status")))).isTrue();
        assertThat(rc.remoteRead(declared(call(run, "login")))).isTrue();
        assertThat(rc.remoteRead(declared(call(run, "findCharges")))).isTrue();
        assertThat(rc.remoteRead(declared(call(run, "charge")))).isFalse();
        assertThat(rc.remoteRead(null)).isFalse();
    }

    @Test
    void aQueryRequestHandedToAnSdkExecutorReadsARefundDoesNot() {
        List<CallSite> exec = calls(run, "execute");
        assertThat(rc.readRequest(run, exec.get(0))).isTrue();
        assertThat(rc.readRequest(run, exec.get(1))).isFalse();
        assertThat(rc.readRequest(run, exec.get(2))).isFalse();
    }

    @Test
    void anEffectThroughALibraryAccessorIsTheCatalogsEntry() {
        EffectTrace stream = rc.chainedEffect(run, call(run, "add"));
        assertThat(stream).isNotNull();
        assertThat(stream.kind()).isEqualTo("message");
        assertThat(stream.leaf()).isEqualTo("StringRedisTemplate.opsForStream().add");
        assertThat(stream.evidence().entry()).isEqualTo(
                "org.springframework.data.redis.core.StringRedisTemplate#opsForStream().add (message)");
        assertThat(rc.chainedEffect(run, call(run, "set"))).isNull();
    }
}
