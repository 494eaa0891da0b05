// The same listeners with inline RequestOptions that carry no key from the event: one sets only the connected account (the message says no key derived from the item), one a random key that changes on every delivery (the message says the key changes on every attempt); a redelivered event charges again: findings on both creates.
package com.example.e010.pos40;

import com.stripe.model.PaymentIntent;
import com.stripe.net.RequestOptions;
import com.stripe.param.PaymentIntentCreateParams;
import org.springframework.kafka.annotation.KafkaListener;

public class ChargeListener {

    @KafkaListener(topics = "charges")
    public void onCharge(ChargeEvent e) throws Exception {
        PaymentIntent.create(PaymentIntentCreateParams.builder().setAmount(e.getAmount()).build(), // expect: IDEM010 "carries no idempotency key derived from the item"
                RequestOptions.builder().setStripeAccount("acct_1").build());
    }

    @KafkaListener(topics = "charges-connect")
    public void onConnectCharge(ChargeEvent e) throws Exception {
        PaymentIntent.create(PaymentIntentCreateParams.builder().setAmount(e.getAmount()).build(), // expect: IDEM010 "the key it sends changes on every attempt (it holds randomUUID"
                RequestOptions.builder().setIdempotencyKey(java.util.UUID.randomUUID().toString()).build());
    }
}

class ChargeEvent {
    private long id;
    private long amount;

    public long getId() { return id; }
    public long getAmount() { return amount; }
}
