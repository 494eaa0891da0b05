// The same bounded put-back, and once the bound is reached the task is moved to DEAD (the dead-letter state): no
// finding.
package com.example.neg40;

import java.util.List;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class ExportJob {

    private ExportMapper exportMapper;
    private ExportClient exportClient;

    @Scheduled(fixedDelay = 60000)
    public void run() {
        for (ExportTask t : exportMapper.selectPending()) {
            try {
                exportClient.upload(t.getId());
                exportMapper.updateStatus(t.getId(), "DONE");
            } catch (RuntimeException e) {
                if (t.getRetryCount() < 5) {
                    exportMapper.putBack(t.getId());
                } else {
                    exportMapper.updateStatus(t.getId(), "DEAD");
                }
            }
        }
    }
}

interface ExportMapper {
    List<ExportTask> selectPending();

    @Update("UPDATE export_task SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);

    @Update("UPDATE export_task SET status = 'PENDING', retry_count = retry_count + 1 WHERE id = #{id}")
    int putBack(@Param("id") long id);
}

interface ExportClient {
    void upload(long id);
}

class ExportTask {
    long id;
    int retryCount;

    long getId() {
        return id;
    }

    int getRetryCount() {
        return retryCount;
    }
}
