// Implicit retries with a failure path that writes nothing about the row's state. A scheduled job selects PENDING
// rows, sends each and marks it SENT; when the send fails the catch block only logs (first job), or only stores the
// error text and a touch time (second job), or a per-row helper called from the loop only logs (third job). The row
// stays in the state it was selected by, with no attempt counter and no age limit, so every run selects it again and
// fails again, forever. Finding at the catch.
package com.example.e006.pos25;

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
    public void sendDue() {
        List<Reminder> due = mapper.selectPending();
        for (Reminder r : due) {
            try {
                sms.sendSms(r.phone(), r.text());
                mapper.markSent(r.id());
            } catch (Exception e) { // expect: IDEM006 "only logs"
                log.warn("reminder {} not sent", r.id(), e);
            }
        }
    }

    @Scheduled(fixedDelay = 30000)
    public void sendDueKeepingTheError() {
        for (Reminder r : mapper.selectPending()) {
            try {
                sms.sendSms(r.phone(), r.text());
                mapper.markSent(r.id());
            } catch (RuntimeException e) { // expect: IDEM006 "last_error"
                mapper.saveError(r.id(), e.getMessage());
            }
        }
    }
}

class ExportJob {
    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(ExportJob.class);
    private final ExportMapper mapper;
    private final PartnerClient partner;

    ExportJob(ExportMapper mapper, PartnerClient partner) {
        this.mapper = mapper;
        this.partner = partner;
    }

    @Scheduled(cron = "0 */5 * * * *")
    public void run() {
        for (ExportRow row : mapper.selectWaiting()) {
            exportOne(row);
        }
    }

    private void exportOne(ExportRow row) {
        try {
            partner.pushExport(row.payload());
            mapper.markDone(row.id());
        } catch (Exception e) { // expect: IDEM006 "only logs"
            log.error("export {} failed", row.id(), e);
        }
    }
}

interface ReminderMapper {
    @Select("SELECT id, phone, text FROM reminder WHERE status = 'PENDING' ORDER BY id LIMIT 100")
    List<Reminder> selectPending();

    @Update("UPDATE reminder SET status = 'SENT' WHERE id = #{id}")
    int markSent(@Param("id") long id);

    @Update("UPDATE reminder SET last_error = #{error}, updated_at = now() WHERE id = #{id}")
    int saveError(@Param("id") long id, @Param("error") String error);
}

interface ExportMapper {
    @Select("SELECT id, payload FROM partner_export WHERE state IN ('NEW', 'READY')")
    List<ExportRow> selectWaiting();

    @Update("UPDATE partner_export SET state = 'DONE' WHERE id = #{id}")
    int markDone(@Param("id") long id);
}

interface SmsGateway {
    void sendSms(String phone, String text);
}

interface PartnerClient {
    void pushExport(String payload);
}

record Reminder(long id, String phone, String text) {
}

record ExportRow(long id, String payload) {
}
