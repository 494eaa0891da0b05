// A new execution row is inserted IN_PROGRESS and the insert's answer (false when the row exists) decides whether the
// action runs. Nothing ever sweeps IN_PROGRESS rows: after a crash mid-action the row stays, every redelivery sees it
// and skips the action as a duplicate, and the action is lost.
package com.example.e008.pos11;

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
        if (store.addExecution(ex)) { // expect: IDEM008 "the guard"
            client.run(action);
            ex.setStatus(ExecStatus.COMPLETED);
            store.updateExecution(ex);
        }
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
