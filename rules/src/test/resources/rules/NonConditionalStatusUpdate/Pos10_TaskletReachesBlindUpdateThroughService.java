// A Spring Batch Tasklet selects the batches to archive and calls a service that writes each one's status blind
// through JDBC by the key it was passed: the service runs unattended on rows the tasklet read from storage.
package com.example.p003.pos10;

import org.springframework.batch.core.StepContribution;
import org.springframework.batch.core.scope.context.ChunkContext;
import org.springframework.batch.core.step.tasklet.Tasklet;
import org.springframework.batch.repeat.RepeatStatus;
import org.springframework.jdbc.core.JdbcTemplate;
import java.util.List;

public class ArchiveTasklet implements Tasklet {

    private ArchiveService archiveService;
    private ImportBatchMapper batchMapper;

    @Override
    public RepeatStatus execute(StepContribution contribution, ChunkContext chunkContext) {
        List<Long> old = batchMapper.selectIdsOlderThan(30);
        for (Long batchId : old) {
            archiveService.archive(batchId);
        }
        return RepeatStatus.FINISHED;
    }
}

@org.apache.ibatis.annotations.Mapper
interface ImportBatchMapper {
    @org.apache.ibatis.annotations.Select("SELECT id FROM import_batch WHERE created_at < CURRENT_DATE - #{days}")
    List<Long> selectIdsOlderThan(int days);
}

class ArchiveService {

    private JdbcTemplate jdbc;

    void archive(long batchId) {
        jdbc.update("UPDATE import_batch SET state = 'ARCHIVED' WHERE id = ?", batchId); // expect: IDEM003 "runs unattended"
    }
}
