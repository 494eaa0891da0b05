package com.example.noon.maintenance;

import java.util.List;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * Once a month, removes statements older than 13 months: the row and the PDF in the file store.
 * The whole run is one transaction (IDEM002): the delete of row 1 holds its lock while the file
 * store is called for row 2, 3, ...; if row 900 fails, all 899 row deletes roll back but their
 * files are already gone, so the table points at files that no longer exist.
 */
@Component
public class StatementCleanupJob {

    private final StatementFileMapper statementFileMapper;
    private final FileStoreClient fileStoreClient;

    public StatementCleanupJob(StatementFileMapper statementFileMapper, FileStoreClient fileStoreClient) {
        this.statementFileMapper = statementFileMapper;
        this.fileStoreClient = fileStoreClient;
    }

    @Scheduled(cron = "0 0 3 1 * *")
    @Transactional
    public void purgeExpired() {
        List<StatementFile> expired = statementFileMapper.selectExpired();
        for (StatementFile f : expired) {
            statementFileMapper.deleteById(f.getId());
            fileStoreClient.delete(f.getFileKey());
        }
    }
}
