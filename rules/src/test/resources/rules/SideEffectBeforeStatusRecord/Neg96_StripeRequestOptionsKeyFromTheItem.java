// PaymentIntent.create(params, options) whose RequestOptions, built in a chain, carry an idempotency key derived from the request: Stripe dedupes a repeat after a crash before the request is marked DONE: no finding.
package com.example.neg96;

import com.stripe.model.PaymentIntent;
import com.stripe.param.PaymentIntentCreateParams;
import com.stripe.net.RequestOptions;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class PaymentJob {

    private final PaymentRequestMapper requests;


    public PaymentJob(PaymentRequestMapper requests) {
        this.requests = requests;
    }

    @Scheduled(fixedDelay = 60_000)
    public void run() throws Exception {
        for (PaymentRequest r : requests.selectApproved()) {
            PaymentIntentCreateParams params = PaymentIntentCreateParams.builder().setAmount(r.getAmount()).build();
            RequestOptions options = RequestOptions.builder().setIdempotencyKey("pay-" + r.getId()).build();
            PaymentIntent.create(params, options);
            requests.markDone(r.getId());
        }
    }
}

@Mapper
interface PaymentRequestMapper {

    @Select("SELECT id, order_no, amount FROM payment_request WHERE status = 'APPROVED'")
    List<PaymentRequest> selectApproved();

    @Update("UPDATE payment_request SET status = 'DONE' WHERE id = #{id}")
    int markDone(@Param("id") long id);
}

class PaymentRequest {
    private long id;
    private String orderNo;
    private long amount;

    public long getId() { return id; }
    public String getOrderNo() { return orderNo; }
    public long getAmount() { return amount; }
}
