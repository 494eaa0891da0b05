// PaymentIntent.create(params, RequestOptions.builder().setIdempotencyKey("charge-" + t.getId()).build()): the options are built inline in the call, and their key derives from the item, so Stripe dedupes a repeat after a crash before the task is marked PAID: no finding. Also a Refund.create whose inline options carry the key after other builder steps.
package com.example.neg140;

import com.stripe.model.PaymentIntent;
import com.stripe.model.Refund;
import com.stripe.net.RequestOptions;
import com.stripe.param.PaymentIntentCreateParams;
import com.stripe.param.RefundCreateParams;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class ChargeJob {

    private final TaskMapper tasks;

    public ChargeJob(TaskMapper tasks) {
        this.tasks = tasks;
    }

    @Scheduled(fixedDelay = 60_000)
    public void run() throws Exception {
        for (Task t : tasks.selectPending(10)) {
            PaymentIntent.create(PaymentIntentCreateParams.builder().setAmount(t.getAmount()).build(),
                    RequestOptions.builder().setIdempotencyKey("charge-" + t.getId()).build());
            tasks.updateStatus(t.getId(), "PAID");
        }
    }

    @Scheduled(fixedDelay = 60_000)
    public void refunds() throws Exception {
        for (Task t : tasks.selectPending(10)) {
            Refund.create(RefundCreateParams.builder().setPaymentIntent(t.getIntentId()).build(),
                    RequestOptions.builder().setStripeAccount("acct_1").setIdempotencyKey("refund-" + t.getId()).build());
            tasks.updateStatus(t.getId(), "REFUNDED");
        }
    }
}

@Mapper
interface TaskMapper {

    @Select("SELECT id, intent_id, amount FROM task WHERE status = 'PENDING' LIMIT #{n}")
    List<Task> selectPending(@Param("n") int n);

    @Update("UPDATE task SET status = #{s} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("s") String s);
}

class Task {
    private long id;
    private String intentId;
    private long amount;

    public long getId() { return id; }
    public String getIntentId() { return intentId; }
    public long getAmount() { return amount; }
}
