// PreparedStatement: the count of executeUpdate() is checked before the notification: no finding.
package com.example.n005.neg11;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

public class LeaseWorker {

    private Connection conn;
    private Notifier notifier;

    public void work(long jobId) throws SQLException {
        PreparedStatement ps = conn.prepareStatement("UPDATE batch_job SET status = 'RUNNING' WHERE id = ? AND status = 'QUEUED'");
        ps.setLong(1, jobId);
        if (ps.executeUpdate() != 1) {
            return;
        }
        notifier.notifyStarted(jobId);
    }
}

interface Notifier {
    void notifyStarted(long jobId);
}
