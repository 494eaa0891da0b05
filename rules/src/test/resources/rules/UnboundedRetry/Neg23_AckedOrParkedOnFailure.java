// Messages acked only on success, but every failure path settles them: one handler acks in a finally block, one nacks
// the message from the catch, one rethrows to a container that bounds redeliveries, and one
// counts deliveries and stops at a ceiling. No finding.
package com.example.e006.neg23;

import java.util.List;

public class Handlers {

    private final QueueDao queueDao;
    private final ArchiveDao archiveDao;

    public Handlers(QueueDao queueDao, ArchiveDao archiveDao) {
        this.queueDao = queueDao;
        this.archiveDao = archiveDao;
    }

    void ackAlways(List<String> ids) {
        for (String id : ids) {
            try {
                archiveDao.saveRecord(id);
            } catch (Exception e) {
                System.err.println("failed " + e);
            } finally {
                queueDao.ack("archival", id);
            }
        }
    }

    void parkOnFailure(List<String> ids) {
        for (String id : ids) {
            try {
                archiveDao.saveRecord(id);
                queueDao.ack("archival", id);
            } catch (Exception e) {
                queueDao.nack("archival", id);
            }
        }
    }

    void rethrow(String id) {
        try {
            archiveDao.saveRecord(id);
            queueDao.ack("archival", id);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    void countDeliveries(String id, int deliveryCount) {
        if (deliveryCount > 5) {
            queueDao.sendToDeadLetter("archival", id);
            return;
        }
        try {
            archiveDao.saveRecord(id);
            queueDao.ack("archival", id);
        } catch (Exception e) {
            System.err.println("failed " + e);
        }
    }
}

interface QueueDao {
    boolean ack(String queue, String msgId);
    void nack(String queue, String msgId);
    void sendToDeadLetter(String queue, String msgId);
}

interface ArchiveDao {
    void saveRecord(String id);
}
