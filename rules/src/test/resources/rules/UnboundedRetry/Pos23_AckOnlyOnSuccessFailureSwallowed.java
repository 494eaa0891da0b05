// A poller hands the ids it popped from a queue with an unack timeout to a handler. The handler archives each record
// and acks the message only when that worked; the catch block logs and swallows the failure, so the message is neither
// acked nor dead-lettered and the queue redelivers it after the timeout, forever. Finding at the catch.
package com.example.e006.pos23;

import java.util.List;

public class ArchivalHandler {

    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(ArchivalHandler.class);
    private final QueueDao queueDao;
    private final ArchiveDao archiveDao;

    public ArchivalHandler(QueueDao queueDao, ArchiveDao archiveDao) {
        this.queueDao = queueDao;
        this.archiveDao = archiveDao;
    }

    void handle(List<String> messageIds) {
        for (String msgId : messageIds) {
            try {
                archiveDao.saveRecord(msgId);
                queueDao.ack("archival", msgId);
            } catch (Exception e) { // expect: IDEM006 "neither acknowledges, rejects nor dead-letters"
                log.error("archival failed", e);
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
