// A Spring Batch Tasklet calls a service that writes the status blind through JDBC: the service runs unattended.
package com.example.p003.pos10;

import org.springframework.batch.core.StepContribution;
import org.springframework.batch.core.scope.context.ChunkContext;
import org.springframework.batch.core.step.tasklet.Tasklet;
import org.springframework.batch.repeat.RepeatStatus;
import org.springframework.jdbc.core.JdbcTemplate;

public class ArchiveTasklet implements Tasklet {

    private ArchiveService archiveService;

    @Override
    public RepeatStatus execute(StepContribution contribution, ChunkContext chunkContext) {
        archiveService.archive(42L);
        return RepeatStatus.FINISHED;
    }
}

class ArchiveService {

    private JdbcTemplate jdbc;

    void archive(long batchId) {
        jdbc.update("UPDATE import_batch SET state = 'ARCHIVED' WHERE id = ?", batchId); // expect: IDEM003 "runs unattended"
    }
}
