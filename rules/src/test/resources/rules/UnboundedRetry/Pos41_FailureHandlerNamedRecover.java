// The same name on a real failure handler: the sender calls recover(task, error) when a send fails, and it puts the
// task back to PENDING with no attempt counter, so a task that always fails comes back forever.
package com.example.pos41;

import org.springframework.jdbc.core.JdbcTemplate;

public class SyncFailureHandler {
    private final JdbcTemplate jdbc;

    public SyncFailureHandler(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    public void recover(long taskId, Exception error) {
        jdbc.update("UPDATE sync_task SET status = 'PENDING' WHERE id = ?", taskId); // expect: IDEM006 "in the failure handler recover()"
    }
}
