package demo;

import net.javacrumbs.shedlock.spring.annotation.SchedulerLock;
import org.apache.ibatis.annotations.Delete;
import org.springframework.scheduling.annotation.Scheduled;

interface LogMapper {
    @Delete("DELETE FROM job_log WHERE created_at < NOW() - INTERVAL 30 DAY")
    int purge();
}

public class PurgeJob {
    LogMapper logMapper;

    @Scheduled(cron = "0 0 3 * * *")
    @SchedulerLock(name = "purge")
    public void purge() {
        logMapper.purge();
    }
}
