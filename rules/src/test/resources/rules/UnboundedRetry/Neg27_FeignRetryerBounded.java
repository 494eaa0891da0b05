// Bounded Feign retryers: never retrying, a small attempt count, and the default (5 attempts). A type of the
// project's own that happens to be called Default is no Feign retryer.
package com.example.e006.neg27;

import feign.Feign;
import feign.RequestLine;
import feign.Retryer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration
public class FeignConfig {

    @Bean
    public Retryer neverRetry() {
        return Retryer.NEVER_RETRY;
    }

    @Bean
    public Retryer threeAttempts() {
        return new Retryer.Default(100, 1000, 3);
    }

    @Bean
    public Retryer defaults() {
        return new Retryer.Default();
    }
}

class PaymentClientFactory {

    PaymentApi paymentApi(String url) {
        return Feign.builder().retryer(new Retryer.Default(100, 1000, 3)).target(PaymentApi.class, url);
    }

    Object unrelated() {
        return new Limits.Default(1, 2, Integer.MAX_VALUE);
    }
}

class Limits {
    static class Default {
        Default(int a, int b, int c) {
        }
    }
}

interface PaymentApi {
    @RequestLine("POST /payments")
    void pay(String body);
}
