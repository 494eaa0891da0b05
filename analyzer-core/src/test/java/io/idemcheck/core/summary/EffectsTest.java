package io.idemcheck.core.summary;

import io.idemcheck.core.model.Project;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static io.idemcheck.core.summary.SummaryFixture.info;
import static io.idemcheck.core.summary.SummaryFixture.mainJava;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link Effects}: which calls are side effects a repeated run repeats, of which kind, and why (the catalog's client
 * types, declarative HTTP clients, a visible INSERT, the method-name vocabulary, a callee's summary); and the
 * look-alikes that are not (reads, in-process events, builder setters, an upsert, a project method whose visible body
 * does nothing outward).
 */
class EffectsTest {

    @TempDir
    Path tmp;

    static final String HTTP = """
            package com.acme;
            import org.springframework.http.HttpMethod;
            import org.springframework.web.client.RestTemplate;
            public class Http {
                private RestTemplate restTemplate;
                public void run(Task t) {
                    restTemplate.postForObject("http://pay/charge", t, String.class);   // positive
                    restTemplate.getForObject("http://pay/status", String.class);        // negative: a GET
                    restTemplate.exchange("http://pay/status", HttpMethod.GET, null, String.class); // negative
                    restTemplate.exchange("http://pay/charge", HttpMethod.POST, null, String.class); // positive
                }
            }
            class Task { long id; }
            """;

    @Test
    void aCatalogClientCallIsAnEffectOfItsKindButItsReadsAreNot() throws Exception {
        Project p = SummaryFixture.scan(tmp, mainJava("Http", HTTP));

        EffectTrace post = info(p, "run", "postForObject").effect();
        assertThat(post.kind()).isEqualTo("http");
        assertThat(post.basis()).isEqualTo("catalog");
        assertThat(post.leaf()).isEqualTo("RestTemplate.postForObject");
        assertThat(post.verb()).isEqualTo("sends the request again");
        assertThat(post.keyParam()).isEqualTo(-1);
        assertThat(post.hops()).hasSize(1);
        assertThat(post.hops().get(0).startLine()).isEqualTo(7);
        assertThat(post.evidence().entry()).isEqualTo("org.springframework.web.client.RestTemplate#post* (http)");
        assertThat(post.isDatabaseLocal()).isFalse();

        assertThat(info(p, "run", "getForObject").effect()).as("a GET is not an effect").isNull();
        var exchanges = SummaryFixture.calls(SummaryFixture.method(p, "run"), "exchange");
        var infos = p.semantics().calls(SummaryFixture.method(p, "run"));
        assertThat(infos.get(exchanges.get(0).id()).effect()).as("exchange(.., HttpMethod.GET, ..)").isNull();
        assertThat(infos.get(exchanges.get(1).id()).effect().kind()).as("exchange(.., HttpMethod.POST, ..)")
                .isEqualTo("http");
    }

    @Test
    void aSendOfARequestBuiltAsAGetIsNoEffect() throws Exception {
        String src = """
                package com.acme;
                import okhttp3.OkHttpClient;
                import okhttp3.Request;
                import okhttp3.RequestBody;
                public class Ok {
                    private OkHttpClient client;
                    public void read(String url) throws Exception {
                        Request req = new Request.Builder().url(url).get().build();
                        client.newCall(req).execute();                               // negative: a GET
                    }
                    public void write(String url, RequestBody body) throws Exception {
                        Request req = new Request.Builder().url(url).post(body).build();
                        client.newCall(req).execute();                               // positive
                    }
                }
                """;
        Project p = SummaryFixture.scan(tmp, mainJava("Ok", src));
        assertThat(info(p, "read", "newCall").effect()).isNull();
        EffectTrace w = info(p, "write", "newCall").effect();
        assertThat(w.kind()).isEqualTo("http");
        assertThat(w.leaf()).isEqualTo("OkHttpClient.newCall");
    }

    @Test
    void theNameVocabularyAppliesToOpaqueProjectCallsOnly() throws Exception {
        String src = """
                package com.acme;
                import org.springframework.context.ApplicationEventPublisher;
                public class Names {
                    private Gateway gateway;
                    private Events events;
                    private ApplicationEventPublisher publisher;
                    public void run(long id) {
                        gateway.chargeCard(id);                                      // positive: charge*, no body
                        events.publishDone(id);                                      // negative: body shows no effect
                        publisher.publishEvent(id);                                  // negative: in-process events
                        Refund r = Refund.builder().payPrice(id).build();            // negative: a builder's field
                        gateway.notify();                                            // negative: notEffectMethodNames
                    }
                }
                interface Gateway { void chargeCard(long id); }
                class Events {
                    private ApplicationEventPublisher publisher;
                    void publishDone(long id) { publisher.publishEvent(id); }
                }
                class Refund {
                    static RefundBuilder builder() { return new RefundBuilder(); }
                    static class RefundBuilder {
                        RefundBuilder payPrice(long p) { return this; }
                        Refund build() { return new Refund(); }
                    }
                }
                """;
        Project p = SummaryFixture.scan(tmp, mainJava("Names", src));
        EffectTrace charge = info(p, "run", "chargeCard").effect();
        assertThat(charge.kind()).isEqualTo("payment");
        assertThat(charge.basis()).isEqualTo("name");
        assertThat(charge.leaf()).isEqualTo("chargeCard");
        assertThat(charge.verb()).isEqualTo("charges the customer again");
        assertThat(charge.evidence()).isEqualTo(Evidence.catalog("name", "effectMethodNames", "charge* (payment)"));

        assertThat(info(p, "run", "publishDone").effect()).isNull();
        assertThat(info(p, "run", "publishEvent").effect()).isNull();
        assertThat(info(p, "run", "payPrice").effect()).isNull();
        assertThat(info(p, "run", "notify").effect()).isNull();
    }

    @Test
    void anEffectReachedThroughProjectMethodsKeepsItsHopsAndTakesTheBusinessName() throws Exception {
        String src = """
                package com.acme;
                import org.springframework.web.client.RestTemplate;
                public class Job {
                    private PayService payService;
                    private StatusClient statusClient;
                    public void run(long id) {
                        payService.pay(id);                                          // positive, via a helper
                        statusClient.getStatus(id);                                  // negative: a read-named helper
                    }
                }
                class PayService {
                    private RestTemplate restTemplate;
                    void pay(long id) {
                        post(id);
                    }
                    private void post(long id) {
                        restTemplate.postForObject("http://pay", id, String.class);
                    }
                }
                class StatusClient {
                    private RestTemplate restTemplate;
                    String getStatus(long id) {
                        return restTemplate.postForObject("http://pay/status", id, String.class);
                    }
                }
                """;
        Project p = SummaryFixture.scan(tmp, mainJava("Job", src));
        EffectTrace pay = info(p, "run", "pay").effect();
        assertThat(pay.kind()).as("a business name on the way down says what it does").isEqualTo("payment");
        assertThat(pay.verb()).isEqualTo("pays again");
        assertThat(pay.leaf()).isEqualTo("RestTemplate.postForObject");
        assertThat(pay.basis()).isEqualTo("catalog");
        assertThat(pay.hops()).extracting(h -> h.startLine()).containsExactly(7, 14, 17);
        assertThat(pay.hops().get(0).label()).isEqualTo("payService.pay() calls PayService.pay()");

        assertThat(info(p, "run", "getStatus").effect()).as("a read over HTTP changes nothing downstream").isNull();
        assertThat(p.semantics().summary(SummaryFixture.method(p, "getStatus")).effects()).hasSize(1);
    }

    static final String MAPPER = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE mapper PUBLIC "-//mybatis.org//DTD Mapper 3.0//EN" "https://mybatis.org/dtd/mybatis-3-mapper.dtd">
            <mapper namespace="com.acme.OrderMapper">
              <insert id="addOrder">
                INSERT INTO pay_order (order_no, amount) VALUES (#{orderNo}, #{amount})
              </insert>
              <insert id="upsertOrder">
                INSERT INTO pay_order (order_no, amount) VALUES (#{orderNo}, #{amount})
                ON DUPLICATE KEY UPDATE amount = VALUES(amount)
              </insert>
              <select id="selectOrder" resultType="com.acme.Order">
                SELECT * FROM pay_order WHERE order_no = #{orderNo}
              </select>
            </mapper>
            """;

    @Test
    void aDataAccessCallIsAnInsertEffectByItsSqlOrElseByItsName() throws Exception {
        String src = """
                package com.acme;
                public class Orders {
                    private OrderMapper orderMapper;
                    private OrderDao orderDao;
                    public void run(Order loaded) {
                        orderMapper.addOrder(loaded);                                // positive: INSERT
                        orderMapper.upsertOrder(loaded);                             // negative: an upsert
                        orderMapper.selectOrder("x");                                // negative: a SELECT
                        orderDao.insertOrder(loaded);                                // positive: insert*, no SQL
                        Order fresh = new Order();
                        orderDao.saveOrder(fresh);                                   // positive: save* of a new entity
                        orderDao.saveOrder(loaded);                                  // negative: save* of a loaded one
                        orderDao.findOrder("x");                                     // negative: a read name
                    }
                }
                interface OrderMapper {
                    int addOrder(Order o);
                    int upsertOrder(Order o);
                    Order selectOrder(String no);
                }
                interface OrderDao {
                    int insertOrder(Order o);
                    int saveOrder(Order o);
                    Order findOrder(String no);
                }
                class Order { String orderNo; long amount; }
                """;
        Project p = SummaryFixture.scan(tmp, mainJava("Orders", src)[0], mainJava("Orders", src)[1],
                "src/main/resources/mapper/OrderMapper.xml", MAPPER);
        EffectTrace add = info(p, "run", "addOrder").effect();
        assertThat(add.kind()).isEqualTo("db-insert");
        assertThat(add.isDatabaseLocal()).isTrue();
        assertThat(add.basis()).isEqualTo("sql");
        assertThat(add.verb()).isEqualTo("inserts the row into pay_order again");
        assertThat(add.evidence().entry()).startsWith("com.acme.OrderMapper.addOrder: INSERT INTO pay_order");
        assertThat(add.evidence().line()).isEqualTo(4);

        assertThat(info(p, "run", "upsertOrder").effect()).as("without a schema an upsert is no effect").isNull();
        assertThat(info(p, "run", "selectOrder").effect()).as("a SELECT is no effect").isNull();

        EffectTrace insert = info(p, "run", "insertOrder").effect();
        assertThat(insert.kind()).isEqualTo("db-insert");
        assertThat(insert.basis()).isEqualTo("name");
        assertThat(insert.evidence()).isEqualTo(Evidence.catalog("name", "vocabularies.dbInsertMethodNames",
                "insert*"));

        var m = SummaryFixture.method(p, "run");
        var saves = SummaryFixture.calls(m, "saveOrder");
        EffectTrace freshSave = p.semantics().calls(m).get(saves.get(0).id()).effect();
        assertThat(freshSave.kind()).isEqualTo("db-insert");
        assertThat(freshSave.evidence().entry()).isEqualTo("save* (given a fresh entity: fresh = new Order())");
        assertThat(p.semantics().calls(m).get(saves.get(1).id()).effect()).as("save of a loaded entity").isNull();
        assertThat(info(p, "run", "findOrder").effect()).isNull();
    }

    @Test
    void withTheSchemaAnInsertCoveringAUniqueBusinessKeyDeduplicatesItself() throws Exception {
        String ddl = """
                CREATE TABLE pay_order (
                  id BIGINT AUTO_INCREMENT PRIMARY KEY,
                  order_no VARCHAR(32) NOT NULL,
                  amount BIGINT,
                  UNIQUE KEY uk_order_no (order_no)
                );
                CREATE TABLE pay_log (
                  id BIGINT AUTO_INCREMENT PRIMARY KEY,
                  order_no VARCHAR(32) NOT NULL
                );
                """;
        String xml = """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE mapper PUBLIC "-//mybatis.org//DTD Mapper 3.0//EN" "https://mybatis.org/dtd/mybatis-3-mapper.dtd">
                <mapper namespace="com.acme.OrderMapper">
                  <insert id="addOrder">
                    INSERT INTO pay_order (order_no, amount) VALUES (#{orderNo}, #{amount})
                  </insert>
                  <insert id="addLog">
                    INSERT INTO pay_log (order_no) VALUES (#{orderNo})
                  </insert>
                </mapper>
                """;
        String src = """
                package com.acme;
                public class Orders {
                    private OrderMapper orderMapper;
                    public void run(Order o) {
                        orderMapper.addOrder(o);                                     // negative: unique order_no
                        orderMapper.addLog(o);                                       // positive: no unique key
                    }
                }
                interface OrderMapper {
                    int addOrder(Order o);
                    int addLog(Order o);
                }
                class Order { String orderNo; long amount; }
                """;
        Project p = SummaryFixture.scan(tmp, mainJava("Orders", src)[0], mainJava("Orders", src)[1],
                "src/main/resources/mapper/OrderMapper.xml", xml, "src/main/resources/schema.sql", ddl);
        assertThat(info(p, "run", "addOrder").effect()).isNull();
        assertThat(info(p, "run", "addLog").effect().kind()).isEqualTo("db-insert");
    }

    @Test
    void aDeclarativeHttpClientIsAnEffectExceptForItsReads() throws Exception {
        String src = """
                package com.acme;
                import org.springframework.cloud.openfeign.FeignClient;
                import org.springframework.web.bind.annotation.GetMapping;
                import org.springframework.web.bind.annotation.PostMapping;
                import org.springframework.web.bind.annotation.RequestMapping;
                import org.springframework.web.bind.annotation.RequestMethod;
                public class Remote {
                    private PayClient payClient;
                    public void run(long id) {
                        payClient.submit(id);                                        // positive: @PostMapping
                        payClient.status(id);                                        // negative: @GetMapping
                        payClient.lookup(id);                                        // negative: method = GET
                        payClient.queryBalance(id);                                  // negative: a read name
                        payClient.sync(id);                                          // positive: no mapping
                    }
                }
                @FeignClient(name = "pay")
                interface PayClient {
                    @PostMapping("/submit") String submit(long id);
                    @GetMapping("/status") String status(long id);
                    @RequestMapping(value = "/lookup", method = RequestMethod.GET) String lookup(long id);
                    String queryBalance(long id);
                    String sync(long id);
                }
                """;
        Project p = SummaryFixture.scan(tmp, mainJava("Remote", src));
        EffectTrace submit = info(p, "run", "submit").effect();
        assertThat(submit.kind()).isEqualTo("http");
        assertThat(submit.basis()).isEqualTo("annotation");
        assertThat(submit.leaf()).isEqualTo("PayClient.submit");
        assertThat(submit.evidence().source()).isEqualTo("catalog.json effectAnnotations");
        assertThat(submit.evidence().entry()).isEqualTo("@FeignClient (http) on com.acme.PayClient");
        assertThat(submit.evidence().line()).isEqualTo(17);
        assertThat(info(p, "run", "status").effect()).isNull();
        assertThat(info(p, "run", "lookup").effect()).isNull();
        assertThat(info(p, "run", "queryBalance").effect()).isNull();
        assertThat(info(p, "run", "sync").effect().kind()).isEqualTo("http");
    }
}
