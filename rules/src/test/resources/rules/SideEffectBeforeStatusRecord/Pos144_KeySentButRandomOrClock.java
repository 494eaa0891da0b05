// An Idempotency-Key header or a Stripe idempotency key is sent, but it holds UUID.randomUUID() or the clock, so it differs on every run and the provider cannot recognise the repeat after a crash before the record: the finding says a key is sent but changes on every run. A key that is stable but not the item's (a constant) gets the plain message: no key derived from the item.
package com.example.pos144;

import cn.hutool.http.HttpRequest;
import com.stripe.model.Refund;
import com.stripe.net.RequestOptions;
import com.stripe.param.RefundCreateParams;
import java.util.List;
import java.util.UUID;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class KeyedJobs {

    private TaskMapper tasks;

    @Scheduled(fixedDelay = 1000)
    public void randomHeader() {
        for (Task t : tasks.selectPending()) {
            String idempotencyKey = UUID.randomUUID().toString();
            HttpRequest.post("https://p.example.com/a").header("Idempotency-Key", idempotencyKey).body("x" + t.getUserId()).execute(); // expect: IDEM001 "a key is sent with the effect, but it changes on every run (it holds randomUUID"
            tasks.updateStatus(t.getId(), "DONE");
        }
    }

    @Scheduled(fixedDelay = 1000)
    public void clockHeader() {
        for (Task t : tasks.selectPending()) {
            HttpRequest.post("https://p.example.com/c").header("Idempotency-Key", t.getId() + "-" + System.currentTimeMillis()).body("x").execute(); // expect: IDEM001 "changes on every run (it holds currentTimeMillis"
            tasks.updateStatus(t.getId(), "DONE");
        }
    }

    @Scheduled(fixedDelay = 1000)
    public void stripeRandomKey() throws Exception {
        for (Task t : tasks.selectPending()) {
            RequestOptions opts = RequestOptions.builder().setIdempotencyKey(UUID.randomUUID().toString()).build();
            Refund.create(RefundCreateParams.builder().setPaymentIntent("pi_" + t.getId()).build(), opts); // expect: IDEM001 "so the downstream does not recognise a retry"
            tasks.updateStatus(t.getId(), "REFUNDED");
        }
    }

    @Scheduled(fixedDelay = 1000)
    public void constantHeader() {
        for (Task t : tasks.selectPending()) {
            HttpRequest.post("https://p.example.com/d").header("Idempotency-Key", "nightly").body("x" + t.getUserId()).execute(); // expect: IDEM001 "no idempotency key derived from the item reaches the effect"
            tasks.updateStatus(t.getId(), "DONE");
        }
    }
}

@Mapper
interface TaskMapper {
    @Select("SELECT id, user_id FROM pay_task WHERE status = 'PENDING'")
    List<Task> selectPending();

    @Update("UPDATE pay_task SET status = #{s} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("s") String s);
}

class Task {
    private long id;
    private long userId;

    public long getId() { return id; }
    public long getUserId() { return userId; }
}
