// Feign retryers with no ceiling: a Retryer bean (it applies to every Feign client of the context, the payment one
// included) and a client built with Feign.builder() both allow Integer.MAX_VALUE or a huge number of attempts. A
// request the other side keeps failing is sent again and again, forever.
package com.example.e006.pos27;

import static java.util.concurrent.TimeUnit.SECONDS;

import feign.Feign;
import feign.RequestLine;
import feign.Retryer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration
public class FeignConfig {

    @Bean
    public Retryer feignRetryer() {
        return new Retryer.Default(100, SECONDS.toMillis(1), Integer.MAX_VALUE); // expect: IDEM006 "Feign"
    }
}

class PaymentClientFactory {

    PaymentApi paymentApi(String url) {
        return Feign.builder()
                .retryer(new Retryer.Default(200, 2000, 1_000_000)) // expect: IDEM006 "1_000_000 attempts"
                .target(PaymentApi.class, url);
    }
}

interface PaymentApi {
    @RequestLine("POST /payments")
    void pay(String body);
}
