// Safe twins of Pos25: each failure path or selection bounds the retries of a row selected by its state.
// 1. the catch counts the attempt and the selection skips rows at the ceiling (attempts < 5);
// 2. the catch moves the row to FAILED, a state the selection does not read;
// 3. the catch rethrows: the failure goes to the caller (a bounded retry there, or the run fails visibly);
// 4. the selection has an age cutoff (created_at > now() - interval): a row that always fails drops out after a day;
// 5. the rows are claimed (moved to SENDING) before the send: a failure leaves them out of the selection;
// 6. the loop walks rows a caller passed in, not rows it selected by state, and nothing runs it unattended.
package com.example.e006.neg25;

import java.util.List;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class ReminderJob {
    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(ReminderJob.class);
    private final ReminderMapper mapper;
    private final SmsGateway sms;

    public ReminderJob(ReminderMapper mapper, SmsGateway sms) {
        this.mapper = mapper;
        this.sms = sms;
    }

    @Scheduled(fixedDelay = 30000)
    public void counted() {
        for (Reminder r : mapper.selectPendingBelowCeiling()) {
            try {
                sms.sendSms(r.phone(), r.text());
                mapper.markSent(r.id());
            } catch (Exception e) {
                log.warn("reminder {} not sent", r.id(), e);
                mapper.incrementAttempts(r.id(), e.getMessage());
            }
        }
    }

    @Scheduled(fixedDelay = 30000)
    public void parked() {
        for (Reminder r : mapper.selectPending()) {
            try {
                sms.sendSms(r.phone(), r.text());
                mapper.markSent(r.id());
            } catch (Exception e) {
                log.warn("reminder {} not sent", r.id(), e);
                mapper.markFailed(r.id(), e.getMessage());
            }
        }
    }

    @Scheduled(fixedDelay = 30000)
    public void rethrown() {
        for (Reminder r : mapper.selectPending()) {
            try {
                sms.sendSms(r.phone(), r.text());
                mapper.markSent(r.id());
            } catch (Exception e) {
                log.warn("reminder {} not sent", r.id(), e);
                throw new IllegalStateException("reminder " + r.id(), e);
            }
        }
    }

    @Scheduled(fixedDelay = 30000)
    public void recentOnly() {
        for (Reminder r : mapper.selectRecentPending()) {
            try {
                sms.sendSms(r.phone(), r.text());
                mapper.markSent(r.id());
            } catch (Exception e) {
                log.warn("reminder {} not sent", r.id(), e);
            }
        }
    }

    @Scheduled(fixedDelay = 30000)
    public void claimedFirst() {
        for (Reminder r : mapper.selectPending()) {
            mapper.markSending(r.id());
            try {
                sms.sendSms(r.phone(), r.text());
                mapper.markSent(r.id());
            } catch (Exception e) {
                log.warn("reminder {} not sent", r.id(), e);
            }
        }
    }

    public void sendThese(List<Reminder> given) {
        for (Reminder r : given) {
            try {
                sms.sendSms(r.phone(), r.text());
                mapper.markSent(r.id());
            } catch (Exception e) {
                log.warn("reminder {} not sent", r.id(), e);
            }
        }
    }
}

interface ReminderMapper {
    @Select("SELECT id, phone, text FROM reminder WHERE status = 'PENDING'")
    List<Reminder> selectPending();

    @Select("SELECT id, phone, text FROM reminder WHERE status = 'PENDING' AND attempts < 5")
    List<Reminder> selectPendingBelowCeiling();

    @Select("SELECT id, phone, text FROM reminder WHERE status = 'PENDING' AND created_at > now() - interval '1 day'")
    List<Reminder> selectRecentPending();

    @Update("UPDATE reminder SET status = 'SENT' WHERE id = #{id}")
    int markSent(@Param("id") long id);

    @Update("UPDATE reminder SET status = 'SENDING' WHERE id = #{id} AND status = 'PENDING'")
    int markSending(@Param("id") long id);

    @Update("UPDATE reminder SET status = 'FAILED', last_error = #{error} WHERE id = #{id}")
    int markFailed(@Param("id") long id, @Param("error") String error);

    @Update("UPDATE reminder SET attempts = attempts + 1, last_error = #{error} WHERE id = #{id}")
    int incrementAttempts(@Param("id") long id, @Param("error") String error);
}

interface SmsGateway {
    void sendSms(String phone, String text);
}

record Reminder(long id, String phone, String text) {
}
