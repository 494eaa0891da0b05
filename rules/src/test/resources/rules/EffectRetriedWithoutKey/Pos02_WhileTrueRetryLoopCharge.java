// A hand-written retry loop around a charge: the catch swallows the timeout and the loop charges again.
package com.example.e010.pos02;

import java.math.BigDecimal;

public class Charger {
    private final PaymentGateway gateway;

    public Charger(PaymentGateway gateway) {
        this.gateway = gateway;
    }

    public void chargeWithRetry(long customerId, BigDecimal amount) throws InterruptedException {
        int attempt = 0;
        while (true) {
            try {
                gateway.charge(customerId, amount); // expect: IDEM010 "retry loop"
                return;
            } catch (RuntimeException e) {
                if (++attempt >= 3) {
                    throw e;
                }
                Thread.sleep(500L);
            }
        }
    }
}

interface PaymentGateway {
    void charge(long customerId, BigDecimal amount);
}
