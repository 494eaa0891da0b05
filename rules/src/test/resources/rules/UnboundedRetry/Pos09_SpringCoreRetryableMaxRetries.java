// Spring Framework 7's core @Retryable with maxRetries = Long.MAX_VALUE.
package com.example.e006.pos09;

import org.springframework.resilience.annotation.Retryable;

public class PartnerClient {
    @Retryable(maxRetries = Long.MAX_VALUE, delay = 500) // expect: IDEM006 "maxRetries"
    public void push(String payload) {
        throw new IllegalStateException(payload);
    }
}
