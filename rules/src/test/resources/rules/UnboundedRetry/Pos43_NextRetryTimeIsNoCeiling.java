// A schedule is not a ceiling. The job selects failed rows whose next try is due (next_retry_at <= now()), re-sends
// each and on failure only logs: no attempt counter is compared and no
// age limit keeps old rows out, so a row that always fails is re-sent forever. Findings at the re-send of failed rows and at the catch for pending rows.
package com.example.e006.pos43;

import java.util.List;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class WebhookResendJob {
    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(WebhookResendJob.class);
    private final WebhookMapper mapper;
    private final WebhookClient client;

    public WebhookResendJob(WebhookMapper mapper, WebhookClient client) {
        this.mapper = mapper;
        this.client = client;
    }

    @Scheduled(fixedDelay = 60000)
    public void resendDue() {
        for (Webhook w : mapper.selectDue()) {
            try {
                client.postWebhook(w.url(), w.body()); // expect: IDEM006 "no retry ceiling"
                mapper.markDelivered(w.id());
            } catch (Exception e) {
                log.warn("webhook {} failed again", w.id(), e);
            }
        }
    }

    @Scheduled(fixedDelay = 60000)
    public void resendPending() {
        for (Webhook w : mapper.selectPendingDue()) {
            try {
                client.postWebhook(w.url(), w.body());
                mapper.markDelivered(w.id());
            } catch (Exception e) { // expect: IDEM006
                log.warn("webhook {} failed", w.id(), e);
            }
        }
    }
}

interface WebhookMapper {
    @Select("SELECT id, url, body FROM webhook WHERE status = 'FAILED' AND next_retry_at <= now() LIMIT 100")
    List<Webhook> selectDue();

    @Select("SELECT id, url, body FROM webhook WHERE status = 'PENDING' AND next_retry_time < #{now} LIMIT 100")
    List<Webhook> selectPendingDue();

    @Update("UPDATE webhook SET status = 'DELIVERED' WHERE id = #{id}")
    int markDelivered(@Param("id") long id);
}

interface WebhookClient {
    void postWebhook(String url, String body);
}

record Webhook(long id, String url, String body) {
}
