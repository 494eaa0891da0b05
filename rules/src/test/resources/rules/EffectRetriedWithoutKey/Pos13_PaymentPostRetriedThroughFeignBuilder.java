// The twin of Neg14 whose retried call opens a payment (@RequestLine("POST /payments")): a timeout after the provider took it, and the next attempt opens a second one, with no key from the order: finding on the call.
package com.example.e010.pos13;

import feign.Feign;
import feign.FeignException;
import feign.RequestLine;

public class PaymentSession {
    private final PayApi pay = Feign.builder().target(PayApi.class, "https://pay.example.com");

    public String login(String user, String password) {
        for (int attempt = 1; attempt <= 3; attempt++) {
            try {
                return pay.openPayment(user, password); // expect: IDEM010
            } catch (FeignException ex) {
                if (attempt == 3) {
                    throw ex;
                }
            }
        }
        throw new IllegalStateException("unreachable");
    }
}

interface PayApi {
    @RequestLine("POST /payments")
    String openPayment(String user, String password);
}
