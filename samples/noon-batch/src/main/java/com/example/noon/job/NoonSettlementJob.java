package com.example.noon.job;

import com.example.noon.domain.SettlementTask;
import com.example.noon.mapper.TaskMapper;
import com.example.noon.service.SettlementService;
import java.util.List;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/** Every day at noon: charge every pending settlement task, then mark it DONE. */
@Component
public class NoonSettlementJob {

    private static final Log log = LogFactory.getLog(NoonSettlementJob.class);
    static final int BATCH_SIZE = 500;

    private final TaskMapper taskMapper;
    private final SettlementService settlementService;

    public NoonSettlementJob(TaskMapper taskMapper, SettlementService settlementService) {
        this.taskMapper = taskMapper;
        this.settlementService = settlementService;
    }

    @Scheduled(cron = "0 0 12 * * *")
    public void run() {
        List<SettlementTask> tasks = taskMapper.selectByStatus("PENDING", BATCH_SIZE);
        log.info("noon settlement: " + tasks.size() + " pending task(s)");
        for (SettlementTask t : tasks) {
            try {
                doBusiness(t);
                taskMapper.updateStatus(t.getId(), "DONE");
            } catch (Exception e) {
                taskMapper.updateStatus(t.getId(), "FAILED");
                log.error("settlement task " + t.getId() + " failed", e);
            }
        }
    }

    private void doBusiness(SettlementTask t) {
        settlementService.settle(t);
    }
}
