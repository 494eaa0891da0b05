// Feign clients whose calls a retry does not harm: a builder with Retryer.NEVER_RETRY, a GET through a retrying client, a POST through a retrying client that carries an Idempotency-Key header from the item, and a @FeignClient whose configuration returns Retryer.NEVER_RETRY.
package com.example.e010.neg18;

import feign.Feign;
import feign.Headers;
import feign.Param;
import feign.RequestLine;
import feign.Retryer;
import java.util.List;
import org.springframework.cloud.openfeign.FeignClient;
import org.springframework.context.annotation.Bean;
import org.springframework.web.bind.annotation.PostMapping;

public class PartnerJobs {
    private final NoRetryApi once;
    private final ReadApi reads;
    private final ConfiguredClient configured;
    private final KeyedApi keyed;

    PartnerJobs(ConfiguredClient configured, String url) {
        this.configured = configured;
        this.once = Feign.builder().retryer(Retryer.NEVER_RETRY).target(NoRetryApi.class, url);
        this.reads = Feign.builder().retryer(new Retryer.Default()).target(ReadApi.class, url);
        this.keyed = Feign.builder().retryer(new Retryer.Default()).target(KeyedApi.class, url);
    }

    public void run(List<String> users) {
        for (String u : users) {
            once.credit(u, 10);
            reads.balance(u);
            configured.credit(u, 10);
            keyed.credit(u, "credit-" + u, 10);
        }
    }
}

interface NoRetryApi {
    @RequestLine("POST /credits/{user}")
    void credit(String user, long amount);
}

interface KeyedApi {
    @RequestLine("POST /credits/{user}")
    @Headers("Idempotency-Key: {key}")
    void credit(@Param("user") String user, @Param("key") String key, long amount);
}

interface ReadApi {
    @RequestLine("GET /balances/{user}")
    long balance(String user);
}

@FeignClient(name = "partner", configuration = NoRetryConfig.class)
interface ConfiguredClient {
    @PostMapping("/credits")
    void credit(String user, long amount);
}

class NoRetryConfig {
    @Bean
    Retryer retryer() {
        return Retryer.NEVER_RETRY;
    }
}
