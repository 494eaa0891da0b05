// Stripe's static Refund.create(params) with no RequestOptions idempotency key, before the refund request is marked REFUNDED: a crash between them refunds again: finding on create.
package com.example.pos37;

import com.stripe.model.Refund;
import com.stripe.param.RefundCreateParams;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class RefundJob {

    private final RefundRequestMapper requests;

    public RefundJob(RefundRequestMapper requests) {
        this.requests = requests;
    }

    @Scheduled(fixedDelay = 60_000)
    public void refundApproved() throws Exception {
        for (RefundRequest r : requests.selectApproved()) {
            RefundCreateParams params = RefundCreateParams.builder().setPaymentIntent(r.getPaymentIntentId()).build();
            Refund.create(params); // expect: IDEM001
            requests.markRefunded(r.getId());
        }
    }
}

@Mapper
interface RefundRequestMapper {

    @Select("SELECT id, payment_intent_id FROM refund_request WHERE status = 'APPROVED'")
    List<RefundRequest> selectApproved();

    @Update("UPDATE refund_request SET status = 'REFUNDED' WHERE id = #{id}")
    int markRefunded(@Param("id") long id);
}

class RefundRequest {
    private long id;
    private String paymentIntentId;

    public long getId() { return id; }
    public String getPaymentIntentId() { return paymentIntentId; }
}
