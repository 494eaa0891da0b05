// PreparedStatement: the SQL is in prepareStatement, the count comes from executeUpdate() and is dropped.
package com.example.p005.pos12;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

public class LeaseWorker {

    private Connection conn;
    private Notifier notifier;

    public void work(long jobId) throws SQLException {
        PreparedStatement ps = conn.prepareStatement("UPDATE batch_job SET status = 'RUNNING', lease_until = NOW() + INTERVAL '5 minutes' WHERE id = ? AND status = 'QUEUED'");
        ps.setLong(1, jobId);
        ps.executeUpdate(); // expect: IDEM005
        notifier.notifyStarted(jobId);
    }
}

interface Notifier {
    void notifyStarted(long jobId);
}
