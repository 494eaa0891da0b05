// A Kafka listener creates a PaymentIntent whose RequestOptions are built inline in the call with a key derived from the event (after another builder step too): a redelivered event reaches Stripe with the same key and is deduped: no finding.
package com.example.e010.neg40;

import com.stripe.model.PaymentIntent;
import com.stripe.net.RequestOptions;
import com.stripe.param.PaymentIntentCreateParams;
import org.springframework.kafka.annotation.KafkaListener;

public class ChargeListener {

    @KafkaListener(topics = "charges")
    public void onCharge(ChargeEvent e) throws Exception {
        PaymentIntent.create(PaymentIntentCreateParams.builder().setAmount(e.getAmount()).build(),
                RequestOptions.builder().setIdempotencyKey("charge-" + e.getId()).build());
    }

    @KafkaListener(topics = "charges-connect")
    public void onConnectCharge(ChargeEvent e) throws Exception {
        PaymentIntent.create(PaymentIntentCreateParams.builder().setAmount(e.getAmount()).build(),
                RequestOptions.builder().setStripeAccount("acct_1").setIdempotencyKey("charge-" + e.getId()).build());
    }
}

class ChargeEvent {
    private long id;
    private long amount;

    public long getId() { return id; }
    public long getAmount() { return amount; }
}
