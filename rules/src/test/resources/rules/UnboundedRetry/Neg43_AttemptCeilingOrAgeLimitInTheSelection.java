// The same re-send job bounded by its selection: an attempt counter compared with a bound (retry_count < 5, a
// parameter bound on attempts, the bound on the left), next to the back-off schedule, or an age limit
// (created_at > now() - interval). A row that always fails stops being selected. No finding.
package com.example.e006.neg43;

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
    public void resendCounted() {
        for (Webhook w : mapper.selectDueUnderCeiling()) {
            try {
                client.postWebhook(w.url(), w.body());
                mapper.markDelivered(w.id());
            } catch (Exception e) {
                log.warn("webhook {} failed again", w.id(), e);
            }
        }
    }

    @Scheduled(fixedDelay = 60000)
    public void resendUnderMax() {
        for (Webhook w : mapper.selectUnderMaxAttempts(10)) {
            try {
                client.postWebhook(w.url(), w.body());
                mapper.markDelivered(w.id());
            } catch (Exception e) {
                log.warn("webhook {} failed", w.id(), e);
            }
        }
    }

    @Scheduled(fixedDelay = 60000)
    public void resendBoundOnTheLeft() {
        for (Webhook w : mapper.selectBoundOnTheLeft(10)) {
            try {
                client.postWebhook(w.url(), w.body());
                mapper.markDelivered(w.id());
            } catch (Exception e) {
                log.warn("webhook {} failed", w.id(), e);
            }
        }
    }

    @Scheduled(fixedDelay = 60000)
    public void resendRecent() {
        for (Webhook w : mapper.selectRecentFailed()) {
            try {
                client.postWebhook(w.url(), w.body());
                mapper.markDelivered(w.id());
            } catch (Exception e) {
                log.warn("webhook {} failed", w.id(), e);
            }
        }
    }
}

interface WebhookMapper {
    @Select("SELECT id, url, body FROM webhook WHERE status = 'FAILED' AND next_retry_at <= now() AND retry_count < 5")
    List<Webhook> selectDueUnderCeiling();

    @Select("SELECT id, url, body FROM webhook WHERE status = 'PENDING' AND attempts < #{max}")
    List<Webhook> selectUnderMaxAttempts(@Param("max") int max);

    @Select("SELECT id, url, body FROM webhook WHERE status = 'PENDING' AND #{max} > tries")
    List<Webhook> selectBoundOnTheLeft(@Param("max") int max);

    @Select("SELECT id, url, body FROM webhook WHERE status = 'FAILED' AND created_at > now() - interval '1 day'")
    List<Webhook> selectRecentFailed();

    @Update("UPDATE webhook SET status = 'DELIVERED' WHERE id = #{id}")
    int markDelivered(@Param("id") long id);
}

interface WebhookClient {
    void postWebhook(String url, String body);
}

record Webhook(long id, String url, String body) {
}
