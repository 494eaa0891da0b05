// A @FeignClient whose configuration class declares a Retryer bean: its POST is re-sent by the retryer on a timeout, with no key.
package com.example.e010.pos19;

import feign.Retryer;
import java.util.List;
import org.springframework.cloud.openfeign.FeignClient;
import org.springframework.context.annotation.Bean;
import org.springframework.web.bind.annotation.PostMapping;

@FeignClient(name = "partner", configuration = PartnerConfig.class)
interface PartnerClient {
    @PostMapping("/credits")
    void credit(String user, long amount);
}

class PartnerConfig {
    @Bean
    Retryer partnerRetryer() {
        return new Retryer.Default(100, 1000, 5);
    }
}

public class CreditSender {
    private final PartnerClient partner;

    CreditSender(PartnerClient partner) {
        this.partner = partner;
    }

    public void send(List<String> users) {
        for (String u : users) {
            partner.credit(u, 10); // expect: IDEM010 "PartnerConfig"
        }
    }
}
