// A failure path whose calls only hold an exit word inside another word does not move the item aside. The handler
// acks only on success and its catch block switches the connection pool over (failover) and feeds a sparkline;
// neither acks, rejects nor parks the message, so the queue redelivers it forever. The selected-rows job's catch
// block records a metric for a spark dashboard and fails the client over: the row stays PENDING with no attempt
// count and is selected again on every run. Findings at the catches.
package com.example.e006.pos42;

import java.util.List;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class ArchivalHandler {

    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(ArchivalHandler.class);
    private final QueueDao queueDao;
    private final ArchiveDao archiveDao;
    private final ConnectionPool pool;
    private final Dashboard dashboard;

    public ArchivalHandler(QueueDao queueDao, ArchiveDao archiveDao, ConnectionPool pool, Dashboard dashboard) {
        this.queueDao = queueDao;
        this.archiveDao = archiveDao;
        this.pool = pool;
        this.dashboard = dashboard;
    }

    void handle(List<String> messageIds) {
        for (String msgId : messageIds) {
            try {
                archiveDao.saveRecord(msgId);
                queueDao.ack("archival", msgId);
            } catch (Exception e) { // expect: IDEM006 "neither acknowledges, rejects nor dead-letters"
                log.error("archival failed", e);
                pool.failover();
                dashboard.sparkline("archival");
            }
        }
    }
}

class ReminderJob {
    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(ReminderJob.class);
    private final ReminderMapper mapper;
    private final SmsGateway sms;
    private final Dashboard dashboard;
    private final ConnectionPool pool;

    ReminderJob(ReminderMapper mapper, SmsGateway sms, Dashboard dashboard, ConnectionPool pool) {
        this.mapper = mapper;
        this.sms = sms;
        this.dashboard = dashboard;
        this.pool = pool;
    }

    @Scheduled(fixedDelay = 30000)
    public void sendDue() {
        for (Reminder r : mapper.selectPending()) {
            try {
                sms.sendSms(r.phone(), r.text());
                mapper.markSent(r.id());
            } catch (Exception e) { // expect: IDEM006
                log.warn("reminder {} not sent", r.id(), e);
                dashboard.sparkline("reminders");
                pool.failover();
            }
        }
    }
}

interface QueueDao {
    List<String> pop(String queue, int count, int timeoutMs);
    boolean ack(String queue, String msgId);
}

interface ArchiveDao {
    void saveRecord(String id);
}

interface ConnectionPool {
    void failover();
}

interface Dashboard {
    void sparkline(String series);
}

interface ReminderMapper {
    @Select("SELECT id, phone, text FROM reminder WHERE status = 'PENDING' ORDER BY id LIMIT 100")
    List<Reminder> selectPending();

    @Update("UPDATE reminder SET status = 'SENT' WHERE id = #{id}")
    int markSent(@Param("id") long id);
}

interface SmsGateway {
    void sendSms(String phone, String text);
}

record Reminder(long id, String phone, String text) {
}
