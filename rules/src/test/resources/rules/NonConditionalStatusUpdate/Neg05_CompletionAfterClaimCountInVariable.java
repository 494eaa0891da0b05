// int n = claim(..); if (n == 0) return; then the completion write: owned by this run, no finding.
package com.example.n003.neg05;

import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;
import org.springframework.kafka.annotation.KafkaListener;

public class ExportConsumer {

    private ExportMapper exportMapper;

    @KafkaListener(topics = "export.requested")
    public void onRequest(long exportId) {
        int n = exportMapper.markRunning(exportId);
        if (n == 0) {
            return;
        }
        render(exportId);
        exportMapper.finish(exportId);
    }

    private void render(long id) {
    }
}

interface ExportMapper {
    @Update("UPDATE export_job SET status = 'RUNNING' WHERE id = #{id} AND status = 'QUEUED'")
    int markRunning(@Param("id") long id);

    @Update("UPDATE export_job SET status = 'DONE' WHERE id = #{id}")
    int finish(@Param("id") long id);
}
