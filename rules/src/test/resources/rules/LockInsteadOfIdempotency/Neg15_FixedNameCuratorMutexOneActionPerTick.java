// A Curator mutex built from the client field and a constant path is one lock per job, not a lock keyed by an item:
// around one summary mail per tick (no loop over work items) it is the right tool, so no finding. The client field
// among the constructor's arguments is not an item key.
package com.example.idem009.neg15;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;
import org.springframework.scheduling.annotation.Scheduled;

public class DailySummaryJob {

    private final CuratorFramework zk;
    private final MailClient mail;

    public DailySummaryJob(CuratorFramework zk, MailClient mail) {
        this.zk = zk;
        this.mail = mail;
    }

    @Scheduled(cron = "0 0 7 * * *")
    public void sendSummary() throws Exception {
        InterProcessMutex mutex = new InterProcessMutex(zk, "/jobs/daily-summary");
        mutex.acquire();
        try {
            mail.sendMail("ops@example.com", "daily summary");
        } finally {
            mutex.release();
        }
    }
}

interface MailClient {
    void sendMail(String to, String text);
}
