// The same handler and job whose failure paths do move the item aside, named with the exit words as whole words:
// parkMessage, sendToDeadLetterQueue, markAsFailed (an inflected word), rejected. No finding.
package com.example.e006.neg42;

import java.util.List;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class ArchivalHandler {

    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(ArchivalHandler.class);
    private final QueueDao queueDao;
    private final ArchiveDao archiveDao;
    private final Parking parking;

    public ArchivalHandler(QueueDao queueDao, ArchiveDao archiveDao, Parking parking) {
        this.queueDao = queueDao;
        this.archiveDao = archiveDao;
        this.parking = parking;
    }

    void handle(List<String> messageIds) {
        for (String msgId : messageIds) {
            try {
                archiveDao.saveRecord(msgId);
                queueDao.ack("archival", msgId);
            } catch (Exception e) {
                log.error("archival failed", e);
                parking.parkMessage(msgId);
            }
        }
    }

    void handleWithDeadLetters(List<String> messageIds) {
        for (String msgId : messageIds) {
            try {
                archiveDao.saveRecord(msgId);
                queueDao.ack("archival", msgId);
            } catch (Exception e) {
                parking.sendToDeadLetterQueue(msgId, e.getMessage());
            }
        }
    }
}

class ReminderJob {
    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(ReminderJob.class);
    private final ReminderMapper mapper;
    private final SmsGateway sms;
    private final Parking parking;

    ReminderJob(ReminderMapper mapper, SmsGateway sms, Parking parking) {
        this.mapper = mapper;
        this.sms = sms;
        this.parking = parking;
    }

    @Scheduled(fixedDelay = 30000)
    public void sendDue() {
        for (Reminder r : mapper.selectPending()) {
            try {
                sms.sendSms(r.phone(), r.text());
                mapper.markSent(r.id());
            } catch (Exception e) {
                log.warn("reminder {} not sent", r.id(), e);
                parking.markAsFailed(r.id());
            }
        }
    }

    @Scheduled(fixedDelay = 30000)
    public void sendDueRejecting() {
        for (Reminder r : mapper.selectPending()) {
            try {
                sms.sendSms(r.phone(), r.text());
                mapper.markSent(r.id());
            } catch (Exception e) {
                parking.rejected(r.id());
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

interface Parking {
    void parkMessage(String msgId);
    void sendToDeadLetterQueue(String msgId, String error);
    void markAsFailed(long id);
    void rejected(long id);
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
