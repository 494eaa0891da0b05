// The retried capture passes Stripe RequestOptions whose idempotency key is derived from the order: the provider dedupes a retry.
package com.example.e010.neg01;

import com.stripe.model.PaymentIntent;
import com.stripe.net.RequestOptions;
import org.springframework.retry.annotation.Retryable;

public class StripeCapture {
    @Retryable(maxAttempts = 4)
    public void capture(Order order) throws Exception {
        RequestOptions options = RequestOptions.builder().setIdempotencyKey("capture-" + order.getId()).build();
        PaymentIntent intent = PaymentIntent.retrieve(order.getIntentId());
        intent.capture(options);
    }
}

class Order {
    private Long id;
    private String intentId;

    public Long getId() { return id; }
    public String getIntentId() { return intentId; }
}
