// Scheduled re-send sweeps: each selects the rows whose send failed and sends them again, marking them SENT (or
// PENDING, for the main job to pick up) on success. Nothing counts the re-sends and the selection has no age limit:
// a message that always fails stays SEND_FAILED and is re-sent on every sweep, forever. The first sweep has no catch
// (a failure aborts the sweep and leaves the row failed), the second logs and marks the row failed again (a state the
// selection reads), the third selects by a state passed as an argument. Finding at the re-send.
package com.example.e006.pos26;

import java.util.List;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class OutboxResendJob {
    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(OutboxResendJob.class);
    private final OutboxMapper outbox;
    private final Broker broker;

    public OutboxResendJob(OutboxMapper outbox, Broker broker) {
        this.outbox = outbox;
        this.broker = broker;
    }

    @Scheduled(fixedDelay = 300000)
    public void resendFailed() {
        for (OutboxRow row : outbox.selectSendFailed()) {
            broker.publish(row.topic(), row.payload()); // expect: IDEM006 "sends again"
            outbox.markSent(row.id());
        }
    }

    @Scheduled(fixedDelay = 300000)
    public void resendFailedMarkingAgain() {
        List<OutboxRow> failed = outbox.selectSendFailed();
        for (OutboxRow row : failed) {
            try {
                broker.publish(row.topic(), row.payload()); // expect: IDEM006 "sends again"
                outbox.markSent(row.id());
            } catch (Exception e) {
                log.warn("resend of {} failed", row.id(), e);
                outbox.markSendFailed(row.id());
            }
        }
    }
}

class MailRetryTask {
    private final MailLogMapper mails;
    private final Mailer mailer;

    MailRetryTask(MailLogMapper mails, Mailer mailer) {
        this.mails = mails;
        this.mailer = mailer;
    }

    @Scheduled(cron = "0 0/10 * * * ?")
    public void retryFailedMails() {
        for (MailRow mail : mails.selectByStatus("FAILED")) {
            mailer.sendMail(mail.to(), mail.body()); // expect: IDEM006 "sends again"
            mails.updateStatus(mail.id(), "PENDING");
        }
    }
}

interface OutboxMapper {
    @Select("SELECT id, topic, payload FROM outbox WHERE status = 'SEND_FAILED'")
    List<OutboxRow> selectSendFailed();

    @Update("UPDATE outbox SET status = 'SENT' WHERE id = #{id}")
    int markSent(@Param("id") long id);

    @Update("UPDATE outbox SET status = 'SEND_FAILED' WHERE id = #{id}")
    int markSendFailed(@Param("id") long id);
}

interface MailLogMapper {
    @Select("SELECT id, to_addr, body FROM mail_log WHERE status = #{status}")
    List<MailRow> selectByStatus(@Param("status") String status);

    @Update("UPDATE mail_log SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

interface Broker {
    void publish(String topic, String payload);
}

interface Mailer {
    void sendMail(String to, String body);
}

record OutboxRow(long id, String topic, String payload) {
}

record MailRow(long id, String to, String body) {
}
