// The catch block calls the method again with a decremented counter: a bounded recursive retry, but the push has no key.
package com.example.e010.pos09;

public class PushSender {
    private final PushGateway gateway;

    public PushSender(PushGateway gateway) {
        this.gateway = gateway;
    }

    public void push(String deviceId, String text, int triesLeft) {
        try {
            gateway.pushNotification(deviceId, text); // expect: IDEM010
        } catch (RuntimeException e) {
            if (triesLeft <= 0) {
                throw e;
            }
            push(deviceId, text, triesLeft - 1);
        }
    }
}

interface PushGateway {
    void pushNotification(String deviceId, String text);
}
