// The catch block reads and bounds the retry count before putting the task back, but when the bound is reached it
// does nothing: no DEAD state, no dead-letter queue, no alert. The task that always fails is silently left behind.
package com.example.pos40;

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
                    exportMapper.putBack(t.getId()); // expect: IDEM006 "nothing happens once the maximum is reached"
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
