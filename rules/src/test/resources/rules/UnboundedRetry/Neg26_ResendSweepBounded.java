// Safe twins of Pos26: the re-send sweep is bounded.
// 1. the selection only takes rows below a retry ceiling (retry_count < 5) and the failure path counts;
// 2. the loop reads the row's retry count, moves it to DEAD at the limit, and counts each failed re-send;
// 3. the selection only takes rows that failed in the last day (an age limit);
// 4. an operator's request re-sends the failed rows it is asked to: nothing runs it unattended.
package com.example.e006.neg26;

import java.util.List;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

public class OutboxResendJob {
    private static final int MAX_RESENDS = 5;
    private final OutboxMapper outbox;
    private final Broker broker;

    public OutboxResendJob(OutboxMapper outbox, Broker broker) {
        this.outbox = outbox;
        this.broker = broker;
    }

    @Scheduled(fixedDelay = 300000)
    public void resendBelowCeiling() {
        for (OutboxRow row : outbox.selectSendFailedBelowCeiling()) {
            try {
                broker.publish(row.topic(), row.payload());
                outbox.markSent(row.id());
            } catch (Exception e) {
                outbox.incrementRetryCount(row.id());
            }
        }
    }

    @Scheduled(fixedDelay = 300000)
    public void resendCountingInTheLoop() {
        for (OutboxRow row : outbox.selectSendFailed()) {
            if (row.retryCount() >= MAX_RESENDS) {
                outbox.markDead(row.id());
                continue;
            }
            try {
                broker.publish(row.topic(), row.payload());
                outbox.markSent(row.id());
            } catch (Exception e) {
                outbox.incrementRetryCount(row.id());
            }
        }
    }

    @Scheduled(fixedDelay = 300000)
    public void resendRecent() {
        for (OutboxRow row : outbox.selectRecentSendFailed()) {
            broker.publish(row.topic(), row.payload());
            outbox.markSent(row.id());
        }
    }
}

@RestController
class OutboxAdminController {
    private final OutboxMapper outbox;
    private final Broker broker;

    OutboxAdminController(OutboxMapper outbox, Broker broker) {
        this.outbox = outbox;
        this.broker = broker;
    }

    @PostMapping("/admin/outbox/resend")
    public int resendOnRequest() {
        int n = 0;
        for (OutboxRow row : outbox.selectSendFailed()) {
            broker.publish(row.topic(), row.payload());
            outbox.markSent(row.id());
            n++;
        }
        return n;
    }
}

interface OutboxMapper {
    @Select("SELECT id, topic, payload, retry_count FROM outbox WHERE status = 'SEND_FAILED'")
    List<OutboxRow> selectSendFailed();

    @Select("SELECT id, topic, payload, retry_count FROM outbox WHERE status = 'SEND_FAILED' AND retry_count < 5")
    List<OutboxRow> selectSendFailedBelowCeiling();

    @Select("SELECT id, topic, payload, retry_count FROM outbox WHERE status = 'SEND_FAILED' "
            + "AND failed_at >= now() - interval '1 day'")
    List<OutboxRow> selectRecentSendFailed();

    @Update("UPDATE outbox SET status = 'SENT' WHERE id = #{id}")
    int markSent(@Param("id") long id);

    @Update("UPDATE outbox SET status = 'DEAD' WHERE id = #{id}")
    int markDead(@Param("id") long id);

    @Update("UPDATE outbox SET retry_count = retry_count + 1 WHERE id = #{id}")
    int incrementRetryCount(@Param("id") long id);
}

interface Broker {
    void publish(String topic, String payload);
}

record OutboxRow(long id, String topic, String payload, int retryCount) {
}
