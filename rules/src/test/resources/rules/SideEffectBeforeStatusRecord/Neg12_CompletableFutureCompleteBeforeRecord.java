// CompletableFuture.complete wakes an in-process waiter (JDK type, neither an effect nor a record), so completing it before the record is no finding.
package com.example.neg12;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

@Component
public class ReportReadyJob {

    private final Map<Long, CompletableFuture<Long>> waiters = new ConcurrentHashMap<>();
    private final ReportTaskMapper taskMapper;

    public ReportReadyJob(ReportTaskMapper taskMapper) {
        this.taskMapper = taskMapper;
    }

    public CompletableFuture<Long> awaitReport(long taskId) {
        return waiters.computeIfAbsent(taskId, id -> new CompletableFuture<>());
    }

    @Scheduled(fixedDelay = 5_000)
    public void run() {
        for (ReportTask t : taskMapper.selectRendered()) {
            CompletableFuture<Long> waiter = waiters.remove(t.getId());
            if (waiter != null) {
                waiter.complete(t.getId());
            }
            taskMapper.updateStatus(t.getId(), "DELIVERED");
        }
    }
}

@Mapper
interface ReportTaskMapper {

    @Select("SELECT id FROM report_task WHERE status = 'RENDERED'")
    List<ReportTask> selectRendered();

    @Update("UPDATE report_task SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

class ReportTask {
    private Long id;

    public Long getId() { return id; }
}
