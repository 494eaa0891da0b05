// A repository method named like a claim (markRunning) returns nothing and its visible UPDATE has no predicate on the
// current state: it is a blind write (IDEM003's business), not a claim whose row count could be checked; no IDEM005.
package com.example.idem005.neg18;

import java.util.Optional;
import org.springframework.jdbc.core.JdbcTemplate;

public class JobLoop {

    private final JobRepository repository;

    public JobLoop(JobRepository repository) {
        this.repository = repository;
    }

    public void runOnce(Runner runner) {
        Optional<JobRow> next = repository.nextQueued();
        if (next.isEmpty()) {
            return;
        }
        JobRow job = next.get();
        repository.markRunning(job.getId());
        runner.run(job.getArgs());
        repository.markDone(job.getId());
    }
}

class JobRepository {

    private final JdbcTemplate jdbc;

    JobRepository(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    Optional<JobRow> nextQueued() {
        return jdbc.query("SELECT id, args FROM job WHERE state = 'QUEUED' LIMIT 1",
                (rs, n) -> new JobRow(rs.getString("id"), rs.getString("args"))).stream().findFirst();
    }

    public void markRunning(String id) {
        jdbc.update("UPDATE job SET state = 'RUNNING' WHERE id = ?", id);
    }

    public void markDone(String id) {
        jdbc.update("UPDATE job SET state = 'DONE' WHERE id = ?", id);
    }
}

interface Runner {
    void run(String args);
}

class JobRow {
    private final String id;
    private final String args;

    JobRow(String id, String args) { this.id = id; this.args = args; }
    String getId() { return id; }
    String getArgs() { return args; }
}
