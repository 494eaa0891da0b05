// Safe twin of Pos11: a sweep fails IN_PROGRESS executions older than ten minutes, so a row left by a dead worker
// stops guarding. A run-history row inserted RUNNING whose insert result guards nothing needs no sweep either.
package com.example.e008.neg13;

import java.util.List;
import org.springframework.jdbc.core.JdbcTemplate;

public class ActionRunner {
    private final ExecutionStore store;
    private final ActionClient client;

    public ActionRunner(ExecutionStore store, ActionClient client) {
        this.store = store;
        this.client = client;
    }

    public void onMessage(String messageId, String action) {
        ActionExecution ex = new ActionExecution(messageId);
        ex.setStatus(ExecStatus.IN_PROGRESS);
        if (store.addExecution(ex)) { 
            client.run(action);
            ex.setStatus(ExecStatus.COMPLETED);
            store.updateExecution(ex);
        }
    }

    public void runJob(String runId) {
        ActionExecution run = new ActionExecution(runId);
        run.setStatus(ExecStatus.IN_PROGRESS);
        store.addRun(run);
        client.run("job");
    }
}

class ExecutionStore {
    private final JdbcTemplate jdbc;

    ExecutionStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    boolean addExecution(ActionExecution ex) {
        return jdbc.update("INSERT INTO action_execution (id, status) VALUES (?, ?) ON CONFLICT DO NOTHING",
                ex.getId(), ex.getStatus().name()) == 1;
    }

    void updateExecution(ActionExecution ex) {
        jdbc.update("UPDATE action_execution SET status = ? WHERE id = ?", ex.getStatus().name(), ex.getId());
    }

    int failStale() {
        return jdbc.update("UPDATE action_execution SET status = 'FAILED' WHERE status = 'IN_PROGRESS' AND created_at < NOW() - INTERVAL '10 minutes'");
    }

    void addRun(ActionExecution ex) {
        jdbc.update("INSERT INTO job_run (id, status) VALUES (?, ?)", ex.getId(), ex.getStatus().name());
    }

    List<String> pending() {
        return jdbc.queryForList("SELECT id FROM task WHERE status = 'NEW'", String.class);
    }
}

enum ExecStatus { IN_PROGRESS, COMPLETED }

interface ActionClient {
    void run(String action);
}

class ActionExecution {
    private final String id;
    private ExecStatus status;
    ActionExecution(String id) { this.id = id; }
    String getId() { return id; }
    ExecStatus getStatus() { return status; }
    void setStatus(ExecStatus s) { this.status = s; }
}
